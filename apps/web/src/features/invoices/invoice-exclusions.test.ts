import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { readExclusionsWarning } from './invoice-exclusions';

const failure = (status: number, code: string, params?: unknown) =>
  new ApiError(status, {
    type: 'X',
    title: 'T',
    status,
    detail: 'Nr. 1 neben Nr. 812 am 03.11.2026',
    code,
    params: params as Record<string, string>,
  });

describe('readExclusionsWarning', () => {
  it('reads the conflicts of the exclusion refusal from its params, not from the detail sentence', () => {
    const conflict = { date: '03.11.2026', consultationCode: '1', treatmentCode: '812' };
    expect(readExclusionsWarning(failure(409, 'error.invoiceGoaeExclusions', { conflicts: [conflict, 'x'] }))).toEqual({
      conflicts: [conflict],
    });
    expect(readExclusionsWarning(failure(409, 'error.invoiceGoaeExclusions'))?.conflicts).toEqual([]);
  });

  it('leaves other failures to the error toast', () => {
    expect(readExclusionsWarning(failure(409, 'error.conflict'))).toBeNull();
    // The code itself, not a code that merely ends like it.
    expect(readExclusionsWarning(failure(409, 'invoiceGoaeExclusions'))).toBeNull();
    expect(readExclusionsWarning(failure(422, 'error.invoiceGoaeExclusions'))).toBeNull();
    expect(readExclusionsWarning(new Error('x'))).toBeNull();
  });
});
