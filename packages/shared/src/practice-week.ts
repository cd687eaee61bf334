import { TZDate } from '@date-fns/tz';
import { addPracticeDays, PRACTICE_TIME_ZONE } from './dates.js';

/**
 * Weeks and wall-clock times of the practice's calendar (appointments §2.2, §9: weeks run Monday to Sunday, the
 * navigation steps 7 days). The week's Monday and the same-day rule live in dates.ts (startOfPracticeWeek,
 * isSamePracticeDay); the form's 'DD.MM.YYYY HH:mm' reader is here, the wire's ISO reader there. Everything is computed on the Europe/Berlin wall clock, so a week with a daylight-saving
 * change still has seven days and 07:00 stays 07:00.
 */

const inPracticeZone = (instant: Date | string | number) => new TZDate(new Date(instant).getTime(), PRACTICE_TIME_ZONE);

/** The seven midnights (practice time) of the week starting at `weekStart`. */
export function practiceWeekDays(weekStart: Date): Date[] {
  return Array.from({ length: 7 }, (_, index) => addPracticeDays(weekStart, index));
}

/** Minutes since the practice's local midnight (0–1439). */
export function practiceMinutesOfDay(instant: Date | string): number {
  const local = inPracticeZone(instant);
  return local.getHours() * 60 + local.getMinutes();
}

/**
 * The instant at `minutes` after local midnight of the practice day holding `day`. Minutes count on the wall clock:
 * 7 × 60 is 07:00 also on the day the clocks change.
 */
export function atPracticeMinutes(day: Date, minutes: number): Date {
  const local = inPracticeZone(day);
  const hours = Math.floor(minutes / 60);
  return new Date(
    new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      hours,
      minutes - hours * 60,
      PRACTICE_TIME_ZONE,
    ).getTime(),
  );
}

const DATE_TIME = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/;

/**
 * Reads 'DD.MM.YYYY HH:mm' as practice time (appointments §5). Null for anything else, for dates that do not exist
 * (31.02.) and for the hour the clocks skip in spring (02:30 on the last Sunday of March).
 */
export function parseFormDateTime(text: string): Date | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59) return null;
  const local = new TZDate(year, month - 1, day, hour, minute, PRACTICE_TIME_ZONE);
  const isExact =
    local.getFullYear() === year &&
    local.getMonth() === month - 1 &&
    local.getDate() === day &&
    local.getHours() === hour &&
    local.getMinutes() === minute;
  return isExact ? new Date(local.getTime()) : null;
}
