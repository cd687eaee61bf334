import { z } from 'zod';
import { plainText } from '../common/fields.js';
import { PASSWORD_MAX_LENGTH } from '../constants.js';
import { ValidationKey as V } from '../errors.js';

/** What a sign-in's second step can be: the mailed code (weak), or a strong factor. */
export const SECOND_FACTOR_KINDS = ['email', 'totp', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];
/** The factors that satisfy a practice's requirement (the mailed code does not: ASVS 5.0 Level 2). */
export type StrongSecondFactor = Exclude<SecondFactorKind, 'email'>;

/**
 * The second step's code: six digits (mailed or from the authenticator app), or a recovery code of 16 letters and
 * digits of base32 (80 bits, no 0, 1, 8, 9 to mistake) shown as four groups of four, typed with or without the dashes.
 */
export const SECOND_STEP_CODE_PATTERN = /^(\d{6}|[a-z2-7]{4}(-?[a-z2-7]{4}){3})$/i;
/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;

const totpCode = plainText(V.pinInvalid)
  .trim()
  .regex(/^\d{6}$/, V.pinInvalid);

/** POST /user/mfa/totp: the new secret, shown once for the authenticator app (QR code of otpauthUrl). */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** POST /user/mfa/totp/confirm: the first code from the app proves it holds the secret. */
export const totpConfirmSchema = z.object({ code: totpCode });

/** The recovery codes, answered once at confirmation (only their hashes are kept). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** DELETE /user/mfa/totp: the password and a current code. */
export const totpDisableSchema = z.object({
  password: plainText(V.required).min(1, V.required).max(PASSWORD_MAX_LENGTH),
  code: totpCode,
});

/** GET /user/mfa: what the profile shows. */
export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** The strong factors the user has. */
  secondFactors: z.array(z.enum(['totp', 'passkey'])),
  /** A practice of the user's requires a strong second factor. */
  practiceRequiresTwoFactor: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
