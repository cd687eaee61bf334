/** @jsxImportSource preact */
import type { WidgetSlot } from '@praxia/shared/appointments/widget-schemas';
import type { Ref } from 'preact';
import { dateText, timeText, weekdayShort } from './format';
import { useTexts } from './texts';
import type { WidgetData } from './use-widget-data';
import { WeekTable } from './week-table';

type SlotStepProps = {
  data: WidgetData;
  weekStart: Date;
  canGoBack: boolean;
  selected: WidgetSlot | null;
  bookingFailed: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onWeek: (weeks: number) => void;
  onSelect: (slot: WidgetSlot) => void;
  onNextFree: (slot: WidgetSlot) => void;
  onContinue: () => void;
  onWaitingList: () => void;
};

/** Step 3: the next free appointment, the week of free slots, and the way on (or to the waiting list). */
export function SlotStep(props: SlotStepProps) {
  const { t, language } = useTexts();
  const { data, selected } = props;
  const slotText = (slot: WidgetSlot) =>
    t('slotAt', {
      weekday: weekdayShort(slot.appointmentStart, language),
      date: dateText(slot.appointmentStart),
      time: timeText(slot.appointmentStart),
    });
  const isLoading = data.status === 'loading';
  const answer = isLoading ? null : data.answer;
  const nextFree = answer?.nextFreeAppointment ?? null;
  return (
    <section class="step" aria-labelledby="slots-title">
      {props.bookingFailed ? (
        // Spec §2.1, §8: the booking error card takes the place of the step's title.
        <div role="alert" class="error-card">
          <h2 id="slots-title" tabIndex={-1} ref={props.headingRef}>
            {t('bookingError')}
          </h2>
        </div>
      ) : (
        <h2 id="slots-title" tabIndex={-1} ref={props.headingRef}>
          {t('slotsTitle')}
        </h2>
      )}
      {data.status === 'failed' ? (
        <div class="notice" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" class="secondary" onClick={data.reload}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          {nextFree && (
            <p class="next-free">
              {t('nextFree')}{' '}
              <button type="button" class="link" onClick={() => props.onNextFree(nextFree)}>
                {slotText(nextFree)}
              </button>
            </p>
          )}
          {answer && !nextFree && <p class="notice">{t('noSlotAtAll')}</p>}
          <WeekTable
            weekStart={props.weekStart}
            slots={answer?.slots ?? []}
            isLoading={isLoading}
            canGoBack={props.canGoBack}
            selectedId={selected?.id ?? null}
            onWeek={props.onWeek}
            onSelect={props.onSelect}
          />
          {answer && nextFree && answer.slots.length === 0 && <p class="muted">{t('noSlotThisWeek')}</p>}
        </>
      )}
      {selected && (
        <div class="actions">
          <p class="selected">{t('selected', { slot: slotText(selected) })}</p>
          <button type="button" class="primary" onClick={props.onContinue}>
            {t('next')}
          </button>
        </div>
      )}
      <button type="button" class="link waiting-list-offer" onClick={props.onWaitingList}>
        {t('waitingListOffer')}
      </button>
    </section>
  );
}
