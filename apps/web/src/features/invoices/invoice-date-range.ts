import { parsePracticeDateTime, toPracticeIsoDate, toPracticeIsoDateTime } from '@praxia/shared';

/** The date filter as GET /invoice takes it: ISO date-times with the practice zone's offset, absent when unset. */
export type DateRangeQuery = { dateStart?: string; dateEnd?: string };

/** A picked day as the date pickers hand it over: 'YYYY-MM-DD', or null when the field is cleared. */
export type PickedDay = string | null;

/** The two picked days of the invoice list's filter. */
export type DayRange = { start: PickedDay; end: PickedDay };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Spec §2.7: the end date defaults to today (German time), the start is unset. */
export const initialDayRange = (now = new Date()): DayRange => ({ start: null, end: toPracticeIsoDate(now) });

/**
 * Spec §2.7, §9: the range runs from 00:00:00 on the start day to 23:59:59 on the end day, in German time whatever
 * the browser's zone. An unset or impossible day leaves that side open.
 */
export function toDateRangeQuery(range: DayRange): DateRangeQuery {
  const at = (day: PickedDay, time: string) => {
    if (!day || !ISO_DAY.test(day)) return undefined;
    // parsePracticeDateTime refuses impossible days (31.02.) and years outside 1900–2200.
    const instant = parsePracticeDateTime(`${day}T${time}`);
    return instant ? toPracticeIsoDateTime(instant) : undefined;
  };
  return { dateStart: at(range.start, '00:00:00'), dateEnd: at(range.end, '23:59:59') };
}
