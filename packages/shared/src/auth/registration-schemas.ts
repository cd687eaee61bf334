import { z } from 'zod';
import {
  emailField,
  optionalText,
  optionalTitleField,
  passwordField,
  plainText,
  postalCodeField,
  requiredText,
  streetField,
} from '../common/fields.js';
import { phoneField } from '../common/phone.js';
import { JOB_TITLE_TYPES, PASSWORD_MAX_LENGTH, SALUTATIONS } from '../constants.js';
import { ValidationKey as V } from '../errors.js';

const jobTitleType = z.enum(JOB_TITLE_TYPES, { error: V.mustSelect });

/** Registration of a therapist together with a new practice (POST /customer/therapist). */
export const registerTherapistSchema = z
  .object({
    salutation: z.enum(SALUTATIONS).nullish(),
    title: optionalTitleField,
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
