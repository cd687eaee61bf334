import type { TrialRemaining } from '@praxia/shared';

/** The catalogue key (and count) that words the remaining trial time (spec foundations §4). */
export function getTrialRemainingText(remaining: TrialRemaining): { key: string; count?: number } {
  switch (remaining.unit) {
    case 'days':
      return { key: 'trial.remainingDays', count: remaining.count };
    case 'day':
      return { key: 'trial.remainingDay' };
    case 'hours':
      return { key: 'trial.remainingHours', count: remaining.count };
    case 'hour':
      return { key: 'trial.remainingHour' };
    case 'almostExpired':
      return { key: 'trial.almostExpired' };
    case 'expired':
      return { key: 'trial.expired' };
  }
}
