import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays } from 'date-fns';

/**
 * Every practice works in German time. Calendar arithmetic (days, months) happens on the wall clock of this zone,
 * so '14 days later' keeps the time of day across a daylight-saving change and 'one month after 31 January' is
 * the end of February (conventions.md: never add milliseconds for days or months).
 */
export const PRACTICE_TIME_ZONE = 'Europe/Berlin';

const inPracticeZone = (instant: Date | string) => new TZDate(new Date(instant).getTime(), PRACTICE_TIME_ZONE);
const toInstant = (date: Date) => new Date(date.getTime());

/** The same wall-clock time `days` calendar days later in the practice's zone. */
export function addPracticeDays(instant: Date, days: number): Date {
  return toInstant(addDays(inPracticeZone(instant), days));
}

/** The same wall-clock time `months` later; a day the target month lacks becomes its last day (31 Jan → 28 Feb). */
export function addPracticeMonths(instant: Date, months: number): Date {
  return toInstant(addMonths(inPracticeZone(instant), months));
}

/** How many midnights in the practice's zone lie between two instants (negative when `to` is earlier). */
export function practiceCalendarDaysBetween(from: Date | string, to: Date | string): number {
  return differenceInCalendarDays(inPracticeZone(to), inPracticeZone(from));
}

// Formatting uses the platform's Intl with the zone (no formatter code shipped to the browser).
const practiceParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: PRACTICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsInPracticeZone(instant: Date | string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const parts = Object.fromEntries(
    practiceParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

/** The calendar date in the practice's zone as ISO 'YYYY-MM-DD' (payment providers, date columns). */
export function toPracticeIsoDate(instant: Date | string): string {
  const { year, month, day } = partsInPracticeZone(instant);
  return `${year}-${month}-${day}`;
}

/** 'DD.MM.YYYY' in the practice's zone, as the interface shows dates (ui.md). */
export function formatPracticeDate(instant: Date | string): string {
  const { year, month, day } = partsInPracticeZone(instant);
  return `${day}.${month}.${year}`;
}

/** 'DD.MM.YYYY HH:mm' in the practice's zone. */
export function formatPracticeDateTime(instant: Date | string): string {
  const { hour, minute } = partsInPracticeZone(instant);
  return `${formatPracticeDate(instant)} ${hour}:${minute}`;
}
