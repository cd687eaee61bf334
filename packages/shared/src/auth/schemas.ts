import { z } from 'zod';
import { emailField, newPasswordSchema, plainText } from '../common/fields.js';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { ValidationKey as V } from '../errors.js';
import { SECOND_FACTOR_KINDS, SECOND_STEP_CODE_PATTERN } from './mfa-schemas.js';

// Passwords are never trimmed: spaces around a password belong to it, as it was set at registration or reset.
export const credentialsSchema = z.object({
  email: emailField,
  password: plainText(V.required).min(1, V.required).max(PASSWORD_MAX_LENGTH, V.credentialsInvalid),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const credentialsResultSchema = z.union([
  z.object({ userId: z.number() }),
  z.object({
    additionalCheck: z.literal(true),
    loginToken: z.string(),
    /** What the second step accepts: the mailed code, or the user's strong factors. */
    secondFactors: z.array(z.enum(SECOND_FACTOR_KINDS)).optional(),
  }),
]);
export type CredentialsResult = z.infer<typeof credentialsResultSchema>;

export const pinSchema = z.object({
  /** Six digits (the mailed code or a TOTP code), or a recovery code. */
  pin: plainText(V.pinInvalid).trim().regex(SECOND_STEP_CODE_PATTERN, V.pinInvalid),
  loginToken: plainText(V.required).trim().min(1, V.required).max(200),
});

export const userIdResultSchema = z.object({ userId: z.number() });

export const resetRequestSchema = z.object({ email: emailField });

export const setPasswordSchema = newPasswordSchema;
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

export const changeEmailSchema = z.object({
  token: plainText(V.required).trim().min(1, V.required).max(200),
  password: plainText(V.required).min(1, V.required).max(PASSWORD_MAX_LENGTH),
});

export const tokenSearchResultSchema = z.object({
  list: z.array(z.object({ payload: z.object({ email: z.string() }) })),
});

/** A link token from a path or query (reset, e-mail change, confirmation). */
export const tokenParamsSchema = z.object({ token: plainText().trim().min(1).max(200) });

export const successSchema = z.object({ success: z.literal(true) });
