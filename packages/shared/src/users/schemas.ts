import { z } from 'zod';
import { idParamsSchema } from '../common/fields.js';
import { CUSTOMER_STATUSES, LANGUAGES, PIN_TRANSPORT_METHODS } from '../constants.js';

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
  /** When the account was created (the invoice list's Word download depends on it, spec §2.7). */
  createdAt: z.string(),
  /** Trial end of the user's practice for practice owners; null when there is no trial. */
  trialExpiresAt: z.string().nullable(),
  /** When the session ends if the user stays idle. Only on GET /user/current. */
  expireAt: z.string().optional(),
  /** GET /user/current: the practice requires a strong second factor the user has not set up (the web leads to it). */
  mustEnrolSecondFactor: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const userIdParamsSchema = idParamsSchema;
