import { z } from 'zod';
import {
  emailField,
  newPasswordSchema,
  optionalText,
  passwordField,
  phoneField,
  plainText,
  postalCodeField,
  requiredText,
  streetField,
} from '../common/fields.js';
import { JOB_TITLE_TYPES, PASSWORD_MAX_LENGTH, SALUTATIONS, TITLES } from '../constants.js';
import { ValidationKey as V } from '../errors.js';

export const credentialsSchema = z.object({
  email: emailField,
  password: plainText(V.required).trim().min(1, V.required).max(PASSWORD_MAX_LENGTH, V.credentialsInvalid),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const credentialsResultSchema = z.union([
  z.object({ userId: z.number() }),
  z.object({ additionalCheck: z.literal(true), loginToken: z.string() }),
]);
export type CredentialsResult = z.infer<typeof credentialsResultSchema>;

export const pinSchema = z.object({
  pin: plainText(V.pinInvalid)
    .trim()
    .regex(/^\d{6}$/, V.pinInvalid),
  loginToken: plainText(V.required).trim().min(1, V.required).max(200),
});

export const userIdResultSchema = z.object({ userId: z.number() });

export const resetRequestSchema = z.object({ email: emailField });

export const setPasswordSchema = newPasswordSchema;
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

export const changeEmailSchema = z.object({
  token: plainText(V.required).trim().min(1, V.required).max(200),
  password: plainText(V.required).trim().min(1, V.required).max(PASSWORD_MAX_LENGTH),
});

export const tokenSearchResultSchema = z.object({
  list: z.array(z.object({ payload: z.object({ email: z.string() }) })),
});

const jobTitleType = z.enum(JOB_TITLE_TYPES, { error: V.required });

/** A link token from a path or query (reset, e-mail change, confirmation). */
export const tokenParamsSchema = z.object({ token: plainText().trim().min(1).max(200) });

/** Registration of a therapist together with a new practice (POST /customer/therapist). */
export const registerTherapistSchema = z
  .object({
    salutation: z.enum(SALUTATIONS).nullish(),
    title: z
      .enum(TITLES)
      .nullish()
      .or(z.literal('').transform(() => null)),
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailField,
    phone: phoneField,
    jobTitleType,
    jobTitleFreetext: optionalText(200),
    taxNumber: optionalText(50),
    showTaxNumber: z.boolean().default(false),
    terms: z.literal(true, { error: V.termsRequired }),
    name: requiredText(200),
    street: streetField,
    postalCode: postalCodeField,
    city: requiredText(100),
    language: z.enum(['de', 'en']).default('de'),
    password: passwordField,
    passwordConfirm: plainText(V.required).max(PASSWORD_MAX_LENGTH),
  })
  .superRefine((value, ctx) => {
    if (value.jobTitleType === 'other' && !value.jobTitleFreetext) {
      ctx.addIssue({ code: 'custom', path: ['jobTitleFreetext'], message: V.required });
    }
    if (value.password !== value.passwordConfirm) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: V.passwordsDontMatch });
    }
  })
  // The show-on-invoice option only exists together with a tax number.
  .transform((value) => ({ ...value, showTaxNumber: value.taxNumber ? value.showTaxNumber : false }));
export type RegisterTherapistInput = z.input<typeof registerTherapistSchema>;

export const createdIdSchema = z.object({ id: z.number() });
export const successSchema = z.object({ success: z.literal(true) });
