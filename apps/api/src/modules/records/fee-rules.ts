import {
  DEFAULT_RATE_HUNDREDTHS,
  ErrorCode,
  formatRateUi,
  needsJustification,
  parseRate,
  ValidationKey,
} from '@praxia/shared';
import type { feeScheduleItems } from '../../db/schema.js';
import { AppError, validationFailed } from '../../plugins/errors.js';

type FeeItemRow = typeof feeScheduleItems.$inferSelect;

/** Where a field of the entry sits in the request ('incrementalRate', or 'feeDefaults.0.incrementalRate'). */
export type FieldPath = (field: string) => string;
export const ownField: FieldPath = (field) => field;

/**
 * The GOÄ rules a rate must meet when a fee entry is saved, the patient's defaults and an appointment's entries alike:
 * at most the item's maximum (above it only with a fee agreement, §2, which the app does not record), and above the
 * threshold only with a chosen or written justification (§5 Abs.2, §12 Abs.3), so no invoice is left without one.
 */
export function assertGoaeRate(
  item: FeeItemRow,
  entry: { incrementalRate: number; justification: string | null },
  field: FieldPath,
): void {
  if (entry.incrementalRate > (parseRate(item.maxFactor) ?? 100)) {
    throw validationFailed(field('incrementalRate'), ValidationKey.invalidValue);
  }
  const threshold = parseRate(item.thresholdFactor) ?? DEFAULT_RATE_HUNDREDTHS;
  if (needsJustification(entry.incrementalRate, threshold) && !entry.justification?.trim()) {
    throw new AppError(ErrorCode.validationFailed, {
      status: 422,
      detail: `Für den Steigerungssatz ${formatRateUi(entry.incrementalRate)} über ${formatRateUi(threshold)} fehlt die Begründung (Nr. ${item.codeValue}).`,
      fields: { [field('justification')]: [ValidationKey.justificationRequired] },
      params: { code: item.codeValue },
    });
  }
}
