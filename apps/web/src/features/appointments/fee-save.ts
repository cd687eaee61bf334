import type { FeeCatalogueItem } from '@praxia/shared';
import { isRateAboveThreshold } from '../fees/fee-rates';

/** A GOÄ entry's rate ('2,3') and justification as the appointment dialog's row holds them. */
export type FeeRowState = { rate: string; justification: string };

/**
 * What the row saves once the user settled a rate or a justification: nothing when it is what the entry holds; not yet
 * ('justificationMissing') when the rate is above the item's threshold and nothing is chosen or written, so the raised
 * rate is never stored without its justification (§12 Abs.3 GOÄ); otherwise both together.
 */
export function nextFeeSave(
  stored: FeeRowState,
  typed: FeeRowState,
  item: Pick<FeeCatalogueItem, 'thresholdFactor'> | null,
): { rate: string; justification: string | null } | 'justificationMissing' | null {
  const justification = typed.justification.trim();
  if (isRateAboveThreshold(typed.rate, item) && !justification) return 'justificationMissing';
  if (typed.rate === stored.rate && justification === stored.justification.trim()) return null;
  return { rate: typed.rate, justification: justification || null };
}
