import { formatPracticeDate, formatPracticeDateTime } from '@praxia/shared/dates';
import { PATIENT_LINK_OPENS_MINUTES_BEFORE, type VideoSession } from '@praxia/shared/video/protocol';
import type { Translate } from './i18n';

/*
 * The session's time window as the page shows it: a patient who comes too early learns when the link opens, and the
 * page asks again by itself, so nobody has to reload at the right minute.
 */

const MINUTE_MS = 60_000;
/** How often a too-early page asks the server again at most; close to the opening it asks right at the minute. */
export const TOO_EARLY_RECHECK_MS = 30_000;

/** 'DD.MM.YYYY' and 'HH:mm' in German time, whatever the visitor's own zone. */
export const dateAndTime = (instant: string) => ({
  date: formatPracticeDate(instant),
  time: formatPracticeDateTime(instant).slice(11),
});

/** "Die Videosprechstunde beginnt am 07.04.2026 um 09:00 Uhr. Sie können ab 30 Minuten vorher beitreten." */
export function tooEarlyText(appointmentStart: string, t: Translate): string {
  return t('tooEarly', { ...dateAndTime(appointmentStart), minutes: String(PATIENT_LINK_OPENS_MINUTES_BEFORE) });
}

/** When a too-early page asks again: at the opening minute (a second after), at most every 30 s, at least after 1 s. */
export function recheckDelayMs(appointmentStart: string, now: Date): number {
  const opensAt = new Date(appointmentStart).getTime() - PATIENT_LINK_OPENS_MINUTES_BEFORE * MINUTE_MS;
  const untilOpen = opensAt - now.getTime() + 1_000;
  return Math.min(TOO_EARLY_RECHECK_MS, Math.max(1_000, untilOpen));
}

/** The line under the title: whom the visitor meets and when (the therapist sees the patient's name). */
export function appointmentLine(session: VideoSession, t: Translate): string {
  const { appointment } = session;
  const when = dateAndTime(appointment.appointmentStart);
  return session.role === 'therapist' && appointment.patientName
    ? t('appointmentWithPatient', { ...when, patient: appointment.patientName })
    : t('appointmentWith', { ...when, therapist: appointment.therapistName, practice: appointment.practiceName });
}
