/** @jsxImportSource preact */
import type { WidgetBooked } from '@praxia/shared/appointments/widget-schemas';
import type { Ref } from 'preact';
import { dateText, timeText, weekdayShort } from './format';
import { useTexts } from './texts';

type BookedCardProps = { booked: WidgetBooked; practiceName: string; headingRef: Ref<HTMLHeadingElement> };

/** The success card (spec §2.1): when and where, and that a confirmation mail is on its way. */
export function BookedCard({ booked, practiceName, headingRef }: BookedCardProps) {
  const { t, language } = useTexts();
  return (
    <section class="step success" aria-labelledby="booked-title">
      <h2 id="booked-title" tabIndex={-1} ref={headingRef}>
        {t('bookedTitle')}
      </h2>
      <dl class="summary">
        <dt>{t('date')}</dt>
        <dd>
          {weekdayShort(booked.appointmentStart, language)}, {dateText(booked.appointmentStart)}
        </dd>
        <dt>{t('time')}</dt>
        <dd>
          {timeText(booked.appointmentStart)} – {timeText(booked.appointmentEnd)}
        </dd>
        <dt>{t('place')}</dt>
        <dd>{booked.location === 'remote' ? t('remote') : t('onSitePlace', { practice: practiceName })}</dd>
      </dl>
      <p>{t('bookedMail')}</p>
    </section>
  );
}
