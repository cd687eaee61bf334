import { formatPracticeDate, parsePracticeDateTime, toPracticeIsoDateTime } from '@praxia/shared';

/** The date filter as GET /invoice takes it: ISO date-times with the practice zone's offset, absent when unset. */
export type DateRangeQuery = { dateStart?: string; dateEnd?: string };

const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** 'DD.MM.YYYY' (as typed) → 'YYYY-MM-DD', or null when it is no real day. */
export function parseGermanDate(text: string): string | null {
  const match = GERMAN_DATE.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = match.slice(1, 4).map((part) => (part ?? '').padStart(2, '0'));
  const iso = `${year}-${month}-${day}`;
  // parsePracticeDateTime refuses impossible days (31.02.) and years outside 1900–2200.
  return parsePracticeDateTime(`${iso}T00:00:00`) ? iso : null;
}

/** Whether a date field's text can be applied: empty, or a real day. */
export const isDateTextValid = (text: string) => text.trim() === '' || parseGermanDate(text) !== null;

/** Spec §2.7: the end date defaults to today (German time). */
export const todayText = (now = new Date()) => formatPracticeDate(now);

/**
 * Spec §2.7, §9: the range runs from 00:00:00 on the start day to 23:59:59 on the end day, in German time whatever
 * the browser's zone. An empty or unreadable field leaves that side open.
 */
export function toDateRangeQuery(startText: string, endText: string): DateRangeQuery {
  const start = parseGermanDate(startText);
  const end = parseGermanDate(endText);
  const at = (day: string, time: string) => {
    const instant = parsePracticeDateTime(`${day}T${time}`);
    return instant ? toPracticeIsoDateTime(instant) : undefined;
  };
  return {
    dateStart: start ? at(start, '00:00:00') : undefined,
    dateEnd: end ? at(end, '23:59:59') : undefined,
  };
}
