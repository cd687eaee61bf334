import { z } from 'zod';
import { ValidationKey as V } from '../errors.js';
import { parseEuroCents, parseRate } from './fees.js';

type Raw = string | number | null | undefined;

/** Adds a refusal at `field` of the entry being parsed; a zod transform then returns what this returns. */
export type FailAt = (field: string, message: string) => never;

export function failAt(context: z.RefinementCtx): FailAt {
  return (field, message) => {
    context.addIssue({ code: 'custom', message, path: [field] });
    return z.NEVER as never;
  };
}

const isMissing = (value: Raw) => value === null || value === undefined || value === '';

/** A GOÄ entry's rate in hundredths: required, and at least `minimum` (spec §5 fee entry). */
export function checkedRate(value: Raw, fail: FailAt, minimum: number): number {
  if (isMissing(value)) return fail('incrementalRate', V.required);
  const rate = parseRate(value as string | number);
  if (rate === null || rate < minimum) return fail('incrementalRate', V.invalidValue);
  return rate;
}

/** A coaching entry's title and positive amount in cents: both required (spec §5 fee entry, people §5). */
export function checkedCoaching(
  title: string | null | undefined,
  amount: Raw,
  fail: FailAt,
): { title: string; cents: number } {
  if (!title) return fail('coachingTitle', V.required);
  if (isMissing(amount)) return fail('coachingAmount', V.required);
  const cents = parseEuroCents(amount as string | number);
  if (cents === null || cents <= 0) return fail('coachingAmount', V.invalidValue);
  return { title, cents };
}
