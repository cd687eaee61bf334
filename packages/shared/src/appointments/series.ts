import { addPracticeDays } from '../dates.js';

export const SERIES_INTERVALS = ['P1W', 'P2W', 'P3W', 'P4W'] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];
/** Spec §5, §9: a series has 2 to 50 appointments, 10 by default. */
export const SERIES_COUNT_MIN = 2;
export const SERIES_COUNT_MAX = 50;
export const SERIES_COUNT_DEFAULT = 10;

const WEEKS: Record<SeriesInterval, number> = { P1W: 1, P2W: 2, P3W: 3, P4W: 4 };

export type TimeSlot = { start: Date; end: Date };

/**
 * The members of a series, the first one included: every interval later at the same wall-clock time in German time,
 * so a weekly 07:00 slot stays at 07:00 across a daylight-saving change.
 */
export function generateSeries(first: TimeSlot, interval: SeriesInterval, count: number): TimeSlot[] {
  return Array.from({ length: count }, (_, index) => {
    const days = 7 * WEEKS[interval] * index;
    return { start: addPracticeDays(first.start, days), end: addPracticeDays(first.end, days) };
  });
}
