import { ErrorCode } from '@praxia/shared';
import { ApiError } from '../../lib/api-client';

/** One conflict of GOÄ section B provision 4 as the server names it in `params.conflicts` (date as DD.MM.YYYY). */
export type ExclusionConflict = { date: string; consultationCode: string; treatmentCode: string };

/** The warning the calendar shows before billing against the exclusion rule (contract: 409 invoiceGoaeExclusions). */
export type ExclusionsWarning = { conflicts: ExclusionConflict[] };

const isConflict = (value: unknown): value is ExclusionConflict =>
  typeof value === 'object' &&
  value !== null &&
  ['date', 'consultationCode', 'treatmentCode'].every(
    (field) => typeof (value as Record<string, unknown>)[field] === 'string',
  );

/** The warning inside a failed POST /invoice, or null when the failure is something else. */
export function readExclusionsWarning(error: unknown): ExclusionsWarning | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== ErrorCode.invoiceGoaeExclusions) {
    return null;
  }
  const raw = (error.body?.params as { conflicts?: unknown } | undefined)?.conflicts;
  return { conflicts: Array.isArray(raw) ? raw.filter(isConflict) : [] };
}
