import { practiceMinutesOfDay } from '@praxia/shared';

/**
 * The geometry of the calendar week view (appointments §2.2, §9): hours 7 to 22 unless an appointment lies outside,
 * rows of 15 minutes, 7 px per 5 minutes of duration.
 */
export const DEFAULT_FIRST_HOUR = 7;
export const DEFAULT_LAST_HOUR = 22;
export const ROW_MINUTES = 15;
export const PX_PER_MINUTE = 7 / 5;

type Span = { appointmentStart: string; appointmentEnd: string };

/** First and last hour shown (the last is the bottom edge): the default range widened to fit every appointment. */
export function hourRange(appointments: Span[]): { firstHour: number; lastHour: number } {
  let firstHour = DEFAULT_FIRST_HOUR;
  let lastHour = DEFAULT_LAST_HOUR;
  for (const { appointmentStart, appointmentEnd } of appointments) {
    const start = practiceMinutesOfDay(appointmentStart);
    // An end at local midnight belongs to the day before: its bottom edge is hour 24.
    const end = practiceMinutesOfDay(appointmentEnd) || 24 * 60;
    firstHour = Math.min(firstHour, Math.floor(start / 60));
    lastHour = Math.max(lastHour, Math.ceil(end / 60));
  }
  return { firstHour, lastHour };
}

/** The 15-minute rows between the first and the last hour, as minutes after midnight. */
export function rowStarts(firstHour: number, lastHour: number): number[] {
  const rows: number[] = [];
  for (let minutes = firstHour * 60; minutes < lastHour * 60; minutes += ROW_MINUTES) rows.push(minutes);
  return rows;
}

/** Where an appointment sits in its day column: top and height in px from the first hour. */
export function placeAppointment(span: Span, firstHour: number): { top: number; height: number } {
  const start = practiceMinutesOfDay(span.appointmentStart);
  const durationMinutes = Math.max(
    ROW_MINUTES,
    Math.round((Date.parse(span.appointmentEnd) - Date.parse(span.appointmentStart)) / 60_000),
  );
  return { top: (start - firstHour * 60) * PX_PER_MINUTE, height: durationMinutes * PX_PER_MINUTE };
}
