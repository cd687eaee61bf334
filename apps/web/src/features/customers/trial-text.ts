import type { TrialRemaining } from '@praxia/shared';

const NAMES: Record<TrialRemaining['unit'], string> = {
  days: 'remainingDays',
  day: 'remainingDay',
  hours: 'remainingHours',
  hour: 'remainingHour',
  almostExpired: 'almostExpired',
  expired: 'expired',
};

/**
 * The catalogue key (and count) that words the remaining trial time (spec foundations §4): as a sentence on the
 * upgrade screen ('trial'), or as the short notice in the header ('trialBadge').
 */
export function getTrialRemainingText(
  remaining: TrialRemaining,
  catalogue: 'trial' | 'trialBadge' = 'trial',
): { key: string; count?: number } {
  const key = `${catalogue}.${NAMES[remaining.unit]}`;
  return 'count' in remaining ? { key, count: remaining.count } : { key };
}
