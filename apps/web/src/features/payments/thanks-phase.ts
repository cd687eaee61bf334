import type { PaymentStatus } from '@praxia/shared';

export type ThanksPhase = 'waiting' | 'confirmed' | 'failed';

const NOT_COMPLETED: ReadonlySet<PaymentStatus> = new Set(['failed', 'canceled', 'expired']);

/**
 * The thank-you page (spec appointments §2.10, §4.5): confirmed once the user's trial end is gone; failed when the
 * latest payment ended without money; otherwise still waiting for the provider's confirmation.
 */
export function getThanksPhase(
  user: { trialExpiresAt: string | null } | null,
  latestPaymentStatus: PaymentStatus | null,
): ThanksPhase {
  if (user && !user.trialExpiresAt) return 'confirmed';
  if (latestPaymentStatus && NOT_COMPLETED.has(latestPaymentStatus)) return 'failed';
  return 'waiting';
}
