import { describe, expect, it } from 'vitest';
import { getThanksPhase } from './thanks-phase';

const inTrial = { trialExpiresAt: '2026-03-20T00:00:00Z' };
const paidUp = { trialExpiresAt: null };
const payment = (status: 'open' | 'processing' | 'paid' | 'failed' | 'canceled' | 'expired') => ({ status });

describe('getThanksPhase', () => {
  it('waits while the user or the payment is loading, and while the payment is open or not yet booked', () => {
    expect(getThanksPhase(null, undefined, true)).toBe('waiting');
    expect(getThanksPhase(inTrial, undefined, true)).toBe('waiting');
    expect(getThanksPhase(inTrial, payment('open'), true)).toBe('waiting');
    expect(getThanksPhase(inTrial, payment('processing'), true)).toBe('waiting');
    // Paid at the provider, but the server has not switched the practice yet.
    expect(getThanksPhase(inTrial, payment('paid'), true)).toBe('waiting');
  });

  it('is confirmed once the payment is paid and the user has no trial end any more', () => {
    expect(getThanksPhase(paidUp, payment('paid'), true)).toBe('confirmed');
  });

  it('stops on a payment that ended without money', () => {
    expect(getThanksPhase(inTrial, payment('failed'), true)).toBe('failed');
    expect(getThanksPhase(inTrial, payment('canceled'), true)).toBe('failed');
    expect(getThanksPhase(inTrial, payment('expired'), true)).toBe('failed');
  });

  it('thanks nobody when there is no payment: none at all, or a user who cannot pay for the practice', () => {
    expect(getThanksPhase(inTrial, null, true)).toBe('noPayment');
    expect(getThanksPhase(paidUp, null, true)).toBe('noPayment');
    // An administrator or an assistant has no trial end, which alone once read as "paid".
    expect(getThanksPhase(paidUp, undefined, false)).toBe('noPayment');
    expect(getThanksPhase(inTrial, undefined, false)).toBe('noPayment');
    // A full version without a paid latest payment (e.g. switched by an administrator) has nothing to confirm.
    expect(getThanksPhase(paidUp, payment('open'), true)).toBe('noPayment');
  });
});
