import { describe, expect, it } from 'vitest';
import { getThanksPhase } from './thanks-phase';

const inTrial = { trialExpiresAt: '2026-03-20T00:00:00Z' };
const paidUp = { trialExpiresAt: null };

describe('getThanksPhase', () => {
  it('waits while the trial end is still set and the payment is open, processing or even paid', () => {
    expect(getThanksPhase(null, null)).toBe('waiting');
    expect(getThanksPhase(inTrial, null)).toBe('waiting');
    expect(getThanksPhase(inTrial, 'open')).toBe('waiting');
    expect(getThanksPhase(inTrial, 'processing')).toBe('waiting');
    // Paid at the provider, but the server has not switched the practice yet.
    expect(getThanksPhase(inTrial, 'paid')).toBe('waiting');
  });

  it('is confirmed once the user has no trial end any more', () => {
    expect(getThanksPhase(paidUp, 'paid')).toBe('confirmed');
    expect(getThanksPhase(paidUp, null)).toBe('confirmed');
  });

  it('stops on a payment that ended without money', () => {
    expect(getThanksPhase(inTrial, 'failed')).toBe('failed');
    expect(getThanksPhase(inTrial, 'canceled')).toBe('failed');
    expect(getThanksPhase(inTrial, 'expired')).toBe('failed');
  });
});
