import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, STREET_MAX_LENGTH } from '../constants.js';
import { ValidationKey as V } from '../errors.js';

/** A trimmed, bounded, required text. */
export const requiredText = (max = 255) =>
  z.string({ error: V.required }).trim().min(1, V.required).max(max, V.tooLong);

/** A trimmed, bounded, optional text; empty becomes null. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, V.tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(254, V.invalidEmail)
  .pipe(z.email(V.invalidEmail))
  .transform((value) => value.toLowerCase());

export const streetField = z
  .string({ error: V.required })
  .trim()
  .min(1, { message: V.required, abort: true })
  .max(STREET_MAX_LENGTH, V.max80Signs);

/** Phone in registration: digits with an optional leading +. */
export const phoneField = z
  .string({ error: V.required })
  .trim()
  // abort: an empty field reports only that it is required.
  .min(1, { message: V.required, abort: true })
  .max(30, V.phone)
  .regex(/^\+?\d+$/, V.phone);

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

export const passwordField = z
  .string({ error: V.required })
  .max(PASSWORD_MAX_LENGTH, V.passwordRules)
  .refine((value) => Object.values(checkPasswordRules(value)).every(Boolean), V.passwordRules);

/** Password plus confirmation; the mismatch is reported on passwordConfirm. */
export const newPasswordSchema = z
  .object({ password: passwordField, passwordConfirm: z.string({ error: V.required }) })
  .refine((value) => value.password === value.passwordConfirm, {
    message: V.passwordsDontMatch,
    path: ['passwordConfirm'],
  });
