import type { PaymentStatus } from '@praxia/shared';

export type ThanksPhase = 'waiting' | 'confirmed' | 'failed' | 'noPayment';

const NOT_COMPLETED: ReadonlySet<PaymentStatus> = new Set(['failed', 'canceled', 'expired']);

/**
 * The thank-you page (spec appointments §2.10, §4.5). It thanks only for a payment that exists: confirmed once the
 * latest payment is paid and the user's trial end is gone; failed when that payment ended without money; waiting
 * while the provider has not answered. Someone who cannot pay for the practice, or whose practice has no payment
 * at all, opened the page by hand: there is nothing to confirm.
 *
 * @param latestPayment undefined while it is still loading, null when the practice has none
 */
export function getThanksPhase(
  user: { trialExpiresAt: string | null } | null,
  latestPayment: { status: PaymentStatus } | null | undefined,
  canPay: boolean,
): ThanksPhase {
  if (!canPay || latestPayment === null) return 'noPayment';
  if (!user || latestPayment === undefined) return 'waiting';
  if (NOT_COMPLETED.has(latestPayment.status)) return 'failed';
  if (latestPayment.status !== 'paid') return user.trialExpiresAt ? 'waiting' : 'noPayment';
  return user.trialExpiresAt ? 'waiting' : 'confirmed';
}
