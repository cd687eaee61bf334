import { getTrialRemaining } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { getTrialRemainingText } from './trial-text';

const NOW = new Date('2026-03-10T12:00:00Z');
const inHours = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();
const textFor = (hours: number, catalogue?: 'trial' | 'trialBadge') =>
  getTrialRemainingText(getTrialRemaining(inHours(hours), NOW), catalogue);

describe('getTrialRemainingText', () => {
  it('words days, one day, hours, one hour, almost expired and expired', () => {
    expect(textFor(24 * 5 + 3)).toEqual({ key: 'trial.remainingDays', count: 5 });
    expect(textFor(30)).toEqual({ key: 'trial.remainingDay' });
    expect(textFor(5.5)).toEqual({ key: 'trial.remainingHours', count: 5 });
    expect(textFor(1.5)).toEqual({ key: 'trial.remainingHour' });
    expect(textFor(0.5)).toEqual({ key: 'trial.almostExpired' });
    expect(textFor(-1)).toEqual({ key: 'trial.expired' });
  });

  it('words the same time as the short header notice', () => {
    expect(textFor(24 * 5 + 3, 'trialBadge')).toEqual({ key: 'trialBadge.remainingDays', count: 5 });
    expect(textFor(30, 'trialBadge')).toEqual({ key: 'trialBadge.remainingDay' });
    expect(textFor(0.5, 'trialBadge')).toEqual({ key: 'trialBadge.almostExpired' });
  });
});
