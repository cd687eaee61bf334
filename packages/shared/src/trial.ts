import { practiceCalendarDaysBetween } from './dates.js';

/** Trial state of a practice owner (spec foundations §4). 'check' is set by the thank-you page only. */
export type TrialState = 'none' | 'running' | 'expired' | 'check';

export function getTrialState(trialExpiresAt: string | null | undefined, now: Date = new Date()): TrialState {
  if (!trialExpiresAt) return 'none';
  return new Date(trialExpiresAt).getTime() > now.getTime() ? 'running' : 'expired';
}

export type TrialRemaining =
  | { unit: 'days'; count: number }
  | { unit: 'day' }
  | { unit: 'hours'; count: number }
  | { unit: 'hour' }
  | { unit: 'almostExpired' }
  | { unit: 'expired' };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Remaining trial time as the upgrade screen shows it: days, 1 day, hours, 1 hour, almost expired, expired.
 * Days are calendar days in German time, so a trial started today shows 'noch 14 Tage' and ends on the 14th day
 * at the hour it started; under a day left, the hours count.
 */
export function getTrialRemaining(trialExpiresAt: string, now: Date = new Date()): TrialRemaining {
  const left = new Date(trialExpiresAt).getTime() - now.getTime();
  if (left < 0) return { unit: 'expired' };
  if (left < HOUR) return { unit: 'almostExpired' };
  if (left < 2 * HOUR) return { unit: 'hour' };
  if (left < DAY) return { unit: 'hours', count: Math.floor(left / HOUR) };
  const days = practiceCalendarDaysBetween(now, trialExpiresAt);
  return days > 1 ? { unit: 'days', count: days } : { unit: 'day' };
}
