import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from './constants.js';
import { addPracticeDays } from './dates.js';
import { getTrialRemaining, getTrialState } from './trial.js';

// 13:00 in Berlin.
const now = new Date('2026-11-22T12:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('getTrialState', () => {
  it('is none without a trial end, running before it, expired at and after it', () => {
    expect(getTrialState(null, now)).toBe('none');
    expect(getTrialState(undefined, now)).toBe('none');
    expect(getTrialState(after(1), now)).toBe('running');
    expect(getTrialState(after(0), now)).toBe('expired');
    expect(getTrialState(after(-1), now)).toBe('expired');
  });
});

describe('getTrialRemaining', () => {
  it.each([
    [10 * DAY, { unit: 'days', count: 10 }],
    [2 * DAY, { unit: 'days', count: 2 }],
    // Ends the day after tomorrow at 12:59: two calendar days.
    [2 * DAY - 1, { unit: 'days', count: 2 }],
    // Ends tomorrow evening at 23:00: one day.
    [DAY + 10 * HOUR, { unit: 'day' }],
    [DAY, { unit: 'day' }],
    [DAY - 1, { unit: 'hours', count: 23 }],
    [2 * HOUR, { unit: 'hours', count: 2 }],
    [2 * HOUR - 1, { unit: 'hour' }],
    [HOUR, { unit: 'hour' }],
    [HOUR - 1, { unit: 'almostExpired' }],
    [0, { unit: 'almostExpired' }],
    [-1, { unit: 'expired' }],
  ])('%i ms left shows %o', (left, expected) => {
    expect(getTrialRemaining(after(left), now)).toEqual(expected);
  });

  it('shows the full trial length right after registering, also across the end of daylight saving time', () => {
    const registeredAt = new Date('2026-10-20T15:00:00+02:00');
    const trialEnd = addPracticeDays(registeredAt, TRIAL_DAYS).toISOString();
    const aMomentLater = new Date(registeredAt.getTime() + 1000);
    expect(getTrialRemaining(trialEnd, aMomentLater)).toEqual({ unit: 'days', count: TRIAL_DAYS });
    expect(getTrialState(trialEnd, new Date(registeredAt.getTime() + 14 * DAY))).toBe('running');
  });
});
