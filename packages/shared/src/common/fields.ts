import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  POSTAL_CODE_PATTERN,
  STREET_MAX_LENGTH,
  TITLES,
} from '../constants.js';
import { ValidationKey as V } from '../errors.js';

/** The largest value of a PostgreSQL integer column: ids and numbers beyond it are refused before any query. */
export const INT4_MAX = 2_147_483_647;

/**
 * Every request string starts here: a string without NUL characters, which PostgreSQL text cannot store (the
 * database would fail the whole request). `error` is the message key when the value is missing or not a string.
 */
export const plainText = (error?: string) =>
  z.string(error ? { error } : undefined).refine((value) => !value.includes('\u0000'), V.invalidValue);

/** A whole number in the integer column range. */
export const boundedInt = (min = 0, max = INT4_MAX) => z.number().int().min(min).max(max);

/** A record id from a path or query: a positive whole number in the integer column range; anything else is a 422. */
export const idField = z.coerce.number().int().positive().max(INT4_MAX);
export const idParamsSchema = z.object({ id: idField });

/** An academic title from the fixed list; empty (or left out) means none. */
export const optionalTitleField = z
  .enum(TITLES)
  .nullish()
  .or(z.literal('').transform(() => null));

/** A trimmed, bounded, required text. */
export const requiredText = (max = 255) => plainText(V.required).trim().min(1, V.required).max(max, V.tooLong);

/** A trimmed, bounded, optional text; empty becomes null. */
export const optionalText = (max = 255) =>
  plainText()
    .trim()
    .max(max, V.tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = plainText(V.required)
  .trim()
  .min(1, V.required)
  .max(EMAIL_MAX_LENGTH, V.invalidEmail)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: V.invalidEmail }))
  .transform((value) => value.toLowerCase());

export const streetField = plainText(V.required)
  .trim()
  .min(1, { message: V.required, abort: true })
  .max(STREET_MAX_LENGTH, V.max80Signs);

/** A German postal code: five digits. */
export const postalCodeField = plainText(V.required)
  .trim()
  .min(1, { message: V.required, abort: true })
  .regex(POSTAL_CODE_PATTERN, V.postalCode);

/** An optional German postal code: empty becomes null. */
export const optionalPostalCodeField = plainText()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || POSTAL_CODE_PATTERN.test(value), V.postalCode);

export type PasswordRule = 'minLength' | 'letter' | 'digit' | 'special';

/** The password rules one by one, for the checklist on the set-password screen. */
export function checkPasswordRules(password: string): Record<PasswordRule, boolean> {
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    letter: /\p{L}/u.test(password),
    digit: /\p{N}/u.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

export const passwordField = plainText(V.required)
  .max(PASSWORD_MAX_LENGTH, V.passwordRules)
  .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, { message: V.minLength, abort: true })
  .refine((value) => Object.values(checkPasswordRules(value)).every(Boolean), V.passwordRules);

/** Password plus confirmation; the mismatch is reported on passwordConfirm. */
export const newPasswordSchema = z
  .object({ password: passwordField, passwordConfirm: plainText(V.required).max(PASSWORD_MAX_LENGTH) })
  .refine((value) => value.password === value.passwordConfirm, {
    message: V.passwordsDontMatch,
    path: ['passwordConfirm'],
  });

/**
 * A form's schema: every field by its own schema, and the rules across fields on the whole values as typed. The rules
 * run even while a field is invalid (an object's own refinements would then be skipped), so each field shows its
 * message as the user types. The output is the fields'.
 */
export const formSchema = <Fields extends z.ZodType>(
  fields: Fields,
  rules: (values: Record<string, unknown>, context: z.RefinementCtx) => void,
) =>
  z.record(z.string(), z.unknown()).transform((values, context): z.output<Fields> => {
    const result = fields.safeParse(values);
    for (const issue of result.error?.issues ?? []) {
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    rules(values, context);
    return result.success ? result.data : z.NEVER;
  });
