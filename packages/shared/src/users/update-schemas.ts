import { z } from 'zod';
import { emailField, optionalText, optionalTitleField, requiredText } from '../common/fields.js';
import { optionalPhoneField } from '../common/phone.js';
import { JOB_TITLE_TYPES, LANGUAGES, PIN_TRANSPORT_METHODS, SALUTATIONS } from '../constants.js';

/** Fields a user may change on themselves (PATCH /user/{id}); a new e-mail starts the confirmation flow. */
export const userSelfUpdateSchema = z
  .object({
    salutation: z.enum(SALUTATIONS).nullable(),
    title: optionalTitleField,
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailField,
    phone: optionalPhoneField,
    language: z.enum(LANGUAGES),
    pinTransportMethod: z.enum(PIN_TRANSPORT_METHODS),
    jobTitleType: z.enum(JOB_TITLE_TYPES).nullable(),
    jobTitleFreetext: optionalText(200),
  })
  .partial();
export type UserSelfUpdate = z.input<typeof userSelfUpdateSchema>;
