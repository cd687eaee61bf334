/** @jsxImportSource preact */
import type { WidgetBooked, WidgetSlot } from '@praxia/shared/appointments/widget-schemas';
import { useEffect, useRef, useState } from 'preact/hooks';
import { AddressStep } from './address-step';
import { type InsuranceType, keepTypeIfAvailable, needsLocationChoice } from './appointment-types';
import { BookedCard } from './booked-card';
import { Filters } from './filters';
import { NameStep } from './name-step';
import { SlotStep } from './slot-step';
import { useTexts } from './texts';
import { Toast, useToast } from './toast';
import { useBooking } from './use-booking';
import { useWidgetData } from './use-widget-data';
import { WaitingListStep } from './waiting-list-step';
import { canShowPreviousWeek, firstWeek, forwardWeek, stepWeek, weekStartOf } from './week';
import type { WidgetAddress } from './widget-address';

type Step = 'slots' | 'name' | 'address' | 'waitingList' | 'booked';

/** Moves the focus to the new step's heading on every step change (not on the first view: the page may be framed). */
function useStepFocus(key: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const isFirst = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step's key is the trigger, not a value read.
  useEffect(() => {
    if (isFirst.current) isFirst.current = false;
    else heading.current?.focus();
  }, [key]);
  return heading;
}

export function WidgetApp({ address }: { address: WidgetAddress }) {
  const { t } = useTexts();
  const [insurance, setInsurance] = useState<InsuranceType | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  // A waiting-list mail's link names the offered slot's date: that week first (never before the current one).
  const [weekStart, setWeekStart] = useState(() => firstWeek(address.slotDate, new Date()));
  // Spec §2.1's forwarding from an empty week, until the visitor pages through the weeks themselves.
  const [isForwarding, setIsForwarding] = useState(true);
  const [selected, setSelected] = useState<WidgetSlot | null>(null);
  const [step, setStep] = useState<Step>('slots');
  const [bookingFailed, setBookingFailed] = useState(false);
  const [booked, setBooked] = useState<WidgetBooked | null>(null);
  const [linkedSlotId, setLinkedSlotId] = useState(address.slotId);
  const data = useWidgetData(address, { weekStart, insurance, typeId });
  const booking = useBooking(address);
  const heading = useStepFocus(`${step}-${bookingFailed}`);
  const toast = useToast();
  const info = data.catalogue ?? data.answer;
  const types = info?.types ?? [];
  const type = types.find((candidate) => candidate.id === typeId);
  const isChosen = insurance !== null && typeId !== null;

  useEffect(() => {
    const slot = data.status === 'loaded' && isChosen ? data.answer?.slots.find((s) => s.id === linkedSlotId) : null;
    if (slot) {
      setSelected(slot);
      setLinkedSlotId(null);
    }
  }, [data, isChosen, linkedSlotId]);

  useEffect(() => {
    const answer = data.status === 'loaded' ? data.answer : null;
    const week = isForwarding && isChosen && answer ? forwardWeek(weekStart, answer) : null;
    if (week) setWeekStart(week);
  }, [data, isChosen, isForwarding, weekStart]);

  // Spec §8: a failed load is a toast as well as the card with its retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the change to 'failed' shows it, not every render.
  useEffect(() => {
    if (data.status === 'failed') toast.show('loadFailed');
  }, [data.status]);

  if (data.status === 'notFound') return <p class="notice">{t('notFound')}</p>;

  // Another type has other slots: look for its first week with a free one again, from the week the widget opened on.
  const restartWeeks = () => {
    setWeekStart(firstWeek(address.slotDate, new Date()));
    setIsForwarding(true);
  };
  const chooseInsurance = (value: InsuranceType) => {
    setInsurance(value);
    const kept = keepTypeIfAvailable(types, typeId, value);
    if (kept === typeId) return;
    setTypeId(kept);
    setSelected(null);
    restartWeeks();
  };
  const chooseType = (value: number | null) => {
    setTypeId(value);
    setSelected(null);
    restartWeeks();
  };
  const showWeek = (week: Date) => {
    setWeekStart(week);
    setIsForwarding(false);
  };
  const chooseSlot = (slot: WidgetSlot) => {
    setSelected(slot);
    setBookingFailed(false);
  };
  const book = async () => {
    const needsLocation = needsLocationChoice(type);
    const outcome = await booking.book({ insurance, typeId, slot: selected, needsLocation });
    if (outcome === 'addressErrors') return false;
    if (outcome === 'nameErrors') setStep('name');
    else if (outcome === 'failed') {
      // Spec §2.1, §8: the selection is reset and the error card replaces the step's title.
      setSelected(null);
      setBookingFailed(true);
      setStep('slots');
      toast.show('bookingError');
      data.reload();
    } else {
      setBooked(outcome);
      setStep('booked');
    }
    return true;
  };

  return (
    <main class="widget">
      <header>
        <h1>{t('title')}</h1>
        {info && (
          <p class="muted">
            {t('therapistAt', {
              therapist: [info.therapist.title, info.therapist.firstName, info.therapist.lastName]
                .filter(Boolean)
                .join(' '),
              practice: info.practice.name,
            })}
          </p>
        )}
      </header>
      {step === 'slots' && (
        <>
          <Filters
            types={types}
            insurance={insurance}
            typeId={typeId}
            onInsurance={chooseInsurance}
            onType={chooseType}
          />
          {isChosen || data.status === 'failed' ? (
            <SlotStep
              data={data}
              weekStart={weekStart}
              canGoBack={canShowPreviousWeek(weekStart, new Date())}
              selected={selected}
              bookingFailed={bookingFailed}
              headingRef={heading}
              onWeek={(weeks) => showWeek(stepWeek(weekStart, weeks))}
              onSelect={chooseSlot}
              onNextFree={(slot) => {
                showWeek(weekStartOf(slot.appointmentStart));
                chooseSlot(slot);
              }}
              onContinue={() => setStep('name')}
              onWaitingList={() => setStep('waitingList')}
            />
          ) : (
            <p class="muted">{t('chooseFirst')}</p>
          )}
        </>
      )}
      {step === 'name' && (
        <NameStep
          values={booking.name}
          errors={booking.nameErrors}
          headingRef={heading}
          onChange={booking.changeName}
          onSubmit={async () => {
            const isValid = await booking.submitName();
            if (isValid) setStep('address');
            return isValid;
          }}
          onBack={() => setStep('slots')}
        />
      )}
      {step === 'address' && (
        <AddressStep
          values={booking.addressValues}
          errors={booking.addressErrors}
          needsLocation={needsLocationChoice(type)}
          isSending={booking.isSending}
          headingRef={heading}
          onChange={(values) => booking.changeAddress(values, needsLocationChoice(type))}
          onSubmit={book}
          onBack={() => setStep('name')}
        />
      )}
      {step === 'waitingList' && (
        <WaitingListStep
          address={address}
          insurance={insurance}
          typeId={typeId}
          headingRef={heading}
          onBack={() => setStep('slots')}
        />
      )}
      {step === 'booked' && booked && (
        <BookedCard booked={booked} practiceName={info?.practice.name ?? ''} headingRef={heading} />
      )}
      <Toast shown={toast.shown} onClose={toast.close} />
    </main>
  );
}
