import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays } from 'date-fns';

/**
 * Every practice works in German time. Calendar arithmetic (days, months) happens on the wall clock of this zone,
 * so '14 days later' keeps the time of day across a daylight-saving change and 'one month after 31 January' is
 * the end of February (conventions.md: never add milliseconds for days or months).
 */
export const PRACTICE_TIME_ZONE = 'Europe/Berlin';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const inPracticeZone = (instant: Date | string) => new TZDate(new Date(instant).getTime(), PRACTICE_TIME_ZONE);
const toInstant = (date: Date) => new Date(date.getTime());

/** The same wall-clock time `days` calendar days later in the practice's zone. */
export function addPracticeDays(instant: Date, days: number): Date {
  return addPracticeDaysByOffset(instant, days) ?? addPracticeDaysByCalendar(instant, days);
}

function addPracticeDaysByCalendar(instant: Date, days: number): Date {
  return toInstant(addDays(inPracticeZone(instant), days));
}

/**
 * The fast way to addPracticeDays, by the zone's offsets alone (every widget call takes several): exact when the
 * offset is the same for the three hours before the target wall-clock time, because the target instant then lies
 * there with that offset. Null near a change of offset (a wall-clock time that does not exist or exists twice), which
 * the calendar arithmetic decides as before.
 */
function addPracticeDaysByOffset(instant: Date, days: number): Date | null {
  const ms = instant.getTime();
  if (!Number.isFinite(ms) || !Number.isInteger(days)) return null;
  const targetWall = ms + practiceOffsetMinutes(ms) * MINUTE_MS + days * DAY_MS;
  const offset = practiceOffsetMinutes(targetWall);
  if (practiceOffsetMinutes(targetWall - 3 * HOUR_MS) !== offset) return null;
  return new Date(targetWall - offset * MINUTE_MS);
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

const offsetByHour = new Map<number, number>();

/**
 * The practice zone's UTC offset in minutes at an instant. German offsets change only on whole UTC hours, so one
 * look-up per hour is exact; lists of hundreds of appointments then format without a time-zone computation each.
 */
function practiceOffsetMinutes(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = -new TZDate(hour * HOUR_MS, PRACTICE_TIME_ZONE).getTimezoneOffset();
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An instant as the API writes it: ISO 8601 with the practice zone's offset ('2026-03-30T07:00:00+02:00'), so a
 * reader sees the German wall-clock time and still has the exact instant.
 */
export function toPracticeIsoDateTime(instant: Date | string): string {
  const ms = new Date(instant).getTime();
  const offset = practiceOffsetMinutes(ms);
  const wall = new Date(ms + offset * MINUTE_MS);
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${zone}`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date-time from the wire: ISO 8601 with an offset ('…Z', '…+02:00') is that instant; without one
 * ('2026-03-30 07:00:00') it is the wall-clock time in the practice's zone. Null for anything else or an impossible
 * date (31.02.).
 */
export function parsePracticeDateTime(value: string): Date | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  ) {
    return null;
  }
  const probe = new Date(Date.UTC(year, month - 1, day));
  const isRealDay = probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  if (!isRealDay || hour > 23 || minute > 59 || second > 59 || year < 1900 || year > 2200) return null;
  const zone = match[7];
  if (zone) {
    const instant = new Date(value.trim().replace(' ', 'T'));
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return toInstant(new TZDate(year, month - 1, day, hour, minute, second, PRACTICE_TIME_ZONE));
}

/** The practice day an instant falls on ('YYYY-MM-DD'), for same-day rules. */
export const isSamePracticeDay = (a: Date | string, b: Date | string) => toPracticeIsoDate(a) === toPracticeIsoDate(b);

/** Midnight (German time) on the Monday of the week an instant falls in. */
export function startOfPracticeWeek(instant: Date): Date {
  const zoned = inPracticeZone(instant);
  const daysSinceMonday = (zoned.getDay() + 6) % 7;
  return toInstant(
    new TZDate(zoned.getFullYear(), zoned.getMonth(), zoned.getDate() - daysSinceMonday, 0, 0, 0, PRACTICE_TIME_ZONE),
  );
}

/** The instant of a wall-clock time on the practice day of `day` (hour and minute in German time). */
export function atPracticeTime(day: Date, hour: number, minute = 0): Date {
  const zoned = inPracticeZone(day);
  return toInstant(
    new TZDate(zoned.getFullYear(), zoned.getMonth(), zoned.getDate(), hour, minute, 0, PRACTICE_TIME_ZONE),
  );
}
