import { z } from 'zod';
import { emailField, idParamsSchema, optionalPhoneField, optionalText, requiredText } from '../common/fields.js';
import {
  CUSTOMER_STATUSES,
  JOB_TITLE_TYPES,
  LANGUAGES,
  PIN_TRANSPORT_METHODS,
  SALUTATIONS,
  TITLES,
} from '../constants.js';

export const userCustomerSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(CUSTOMER_STATUSES),
  deactivated: z.boolean(),
  trialExpiresAt: z.string().nullable(),
});

/** The signed-in user as GET /user/current and GET /user/{id} answer (spec foundations §3). */
export const userSchema = z.object({
  id: z.number(),
  customerId: z.number().nullable(),
  customerIds: z.array(z.number()),
  customers: z.array(userCustomerSchema),
  deleted: z.boolean(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  salutation: z.string().nullable(),
  title: z.string().nullable(),
  roles: z.number(),
  language: z.enum(LANGUAGES),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  jobTitleType: z.string().nullable(),
  jobTitleFreetext: z.string().nullable(),
  taxNumber: z.string().nullable(),
  showTaxNumber: z.boolean(),
  pinTransportMethod: z.enum(PIN_TRANSPORT_METHODS),
  isConfirmed: z.boolean(),
  /** Trial end of the user's practice for practice owners; null when there is no trial. */
  trialExpiresAt: z.string().nullable(),
  /** When the session ends if the user stays idle. Only on GET /user/current. */
  expireAt: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Fields a user may change on themselves (PATCH /user/{id}); a new e-mail starts the confirmation flow. */
export const userSelfUpdateSchema = z
  .object({
    salutation: z.enum(SALUTATIONS).nullable(),
    title: z
      .enum(TITLES)
      .nullable()
      .or(z.literal('').transform(() => null)),
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

export const userIdParamsSchema = idParamsSchema;
