import { z } from 'zod';
import {
  boundedInt,
  INT4_MAX,
  optionalPostalCodeField,
  optionalText,
  plainText,
  requiredText,
} from '../common/fields.js';
import { optionalPhoneField } from '../common/phone.js';
import { CUSTOMER_STATUSES, LANGUAGES, PAGE_SIZES } from '../constants.js';
import { ValidationKey as V } from '../errors.js';
import { optionalAccountHolderField, optionalBicField, optionalIbanField } from './bank-fields.js';

/** The API shape of a practice (spec foundations §3). */
/** The DATEV standard charts of accounts a practice books in (SKR 03 or SKR 04). */
export const DATEV_CHARTS = ['SKR03', 'SKR04'] as const;

export const customerSchema = z.object({
  id: z.number(),
  name: z.string(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  language: z.enum(LANGUAGES),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  deactivated: z.boolean(),
  /** Every staff member must sign in with a strong second factor (TOTP or a passkey); only the owner changes it. */
  requireTwoFactor: z.boolean(),
  trialExpiresAt: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  firstPatientNumber: z.number().nullable(),
  firstInvoiceNumber: z.number().nullable(),
  patientRemark: z.string().nullable(),
  paymentModalities: z.string().nullable(),
  paymentTermInvoice: z.number(),
  paymentTermOverdueNotice: z.number(),
  taxNumber: z.string().nullable(),
  showTaxNumber: z.boolean(),
  taxExceptionMedicalServices: z.enum(['add', 'no']),
  taxExceptionSmallBusiness: z.enum(['add', 'no']),
  invoiceRemote: z.enum(['mark', 'nomark']),
  /** The bank account printed on invoices and encoded in their GiroCode (issue 11). */
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  accountHolder: z.string().nullable(),
  logoFilename: z.string().nullable(),
  remarks: z.string().nullable(),
  /** The tax adviser's DATEV numbers and the chart of accounts of the DATEV booking batch. */
  datevConsultantNumber: z.number().nullable(),
  datevClientNumber: z.number().nullable(),
  datevChart: z.enum(DATEV_CHARTS),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListItemSchema = customerSchema.pick({
  id: true,
  name: true,
  deactivated: true,
  status: true,
  city: true,
});

export const customerListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .refine((value) => value === 0 || (PAGE_SIZES as readonly number[]).includes(value), V.invalidValue)
    .default(50)
    // A page size of 0 means "all": capped at 1000 (spec §9).
    .transform((value) => (value === 0 ? 1000 : value)),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
});

export const customerListSchema = z.object({
  list: z.array(customerListItemSchema),
  currentPage: z.number(),
  limit: z.number(),
  maxItems: z.number(),
  pages: z.number(),
});

/** Digits only; an empty value becomes null (start numbers). */
const optionalDigits = z
  .union([plainText().trim(), boundedInt(), z.null()])
  .refine(
    (value) => value === null || typeof value === 'number' || value === '' || /^\d{1,9}$/.test(value),
    V.onlyDigits,
  )
  .transform((value) => (value === null || value === '' ? null : Number(value)));

/** A DATEV number in its range (Beraternummer 1001–9999999, Mandantennummer 1–99999); empty becomes null. */
const optionalNumberIn = (min: number, max: number) =>
  z
    .union([plainText().trim(), boundedInt(), z.null()])
    .refine((value) => value === null || value === '' || /^\d{1,9}$/.test(String(value)), V.onlyDigits)
    .transform((value) => (value === null || value === '' ? null : Number(value)))
    .refine((value) => value === null || (value >= min && value <= max), V.invalidValue);

/** Required digits, sent as numbers (payment terms in days). */
const requiredDigits = z
  .union([plainText().trim(), boundedInt(0, 9999)], { error: V.required })
  .refine((value) => value !== '', { message: V.required, abort: true })
  .refine((value) => typeof value === 'number' || /^\d{1,4}$/.test(value), V.onlyDigits)
  .transform((value) => Number(value));

const optionalStreet = plainText()
  .trim()
  .max(80, V.max80Signs)
  .nullish()
  .transform((value) => value || null);

/**
 * The whitelisted practice fields (spec §7: PATCH customer). Anything else in a request is dropped.
 * Street, postal code and city may be empty for admins only; the service checks that rule.
 */
export const customerFieldsSchema = z.object({
  name: requiredText(200),
  street: optionalStreet,
  postalCode: optionalPostalCodeField,
  city: optionalText(100),
  phone: optionalPhoneField,
  email: z
    .union([z.literal(''), z.email(V.invalidEmail).max(254, V.invalidEmail)])
    .nullish()
    .transform((value) => value || null),
  firstPatientNumber: optionalDigits,
  firstInvoiceNumber: optionalDigits,
  patientRemark: optionalText(800),
  paymentModalities: optionalText(800),
  paymentTermInvoice: requiredDigits,
  paymentTermOverdueNotice: requiredDigits,
  deactivated: z.boolean(),
  requireTwoFactor: z.boolean(),
  taxNumber: optionalText(50),
  showTaxNumber: z.boolean(),
  taxExceptionMedicalServices: z.enum(['add', 'no']),
  taxExceptionSmallBusiness: z.enum(['add', 'no']),
  invoiceRemote: z.enum(['mark', 'nomark']),
  iban: optionalIbanField,
  bic: optionalBicField,
  accountHolder: optionalAccountHolderField,
  datevConsultantNumber: optionalNumberIn(1001, 9_999_999),
  datevClientNumber: optionalNumberIn(1, 99_999),
  datevChart: z.enum(DATEV_CHARTS),
});

export const customerUpdateSchema = customerFieldsSchema.partial();
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

/**
 * PATCH /customer/{id} as the web sends it (multipart): `__data` is a JSON part with the fields, `logo` a PNG/JPEG
 * file or the text 'null' to delete the logo (left out when it stays). The server reads the parts itself.
 */
export const customerUpdateFormSchema = z.object({
  __data: customerUpdateSchema,
  logo: z.union([z.file(), z.literal('null')]).optional(),
});

export const customerCreateSchema = customerFieldsSchema
  .pick({ name: true, street: true, postalCode: true, city: true, phone: true, email: true })
  .extend({ language: z.enum(LANGUAGES).default('de') });
export type CustomerCreate = z.input<typeof customerCreateSchema>;

export const customerDeactivateSchema = z.object({ deactivated: z.boolean() });
export const customerStatusSchema = z.object({ status: z.enum(CUSTOMER_STATUSES) });

/** Therapist invoice settings, kept on the user (spec §3). */
export const therapistInvoiceSettingsSchema = z.object({
  returnAddress: requiredText(300),
  invoiceSignature: requiredText(300),
  /** Printed under the therapist's name on invoices (e.g. 'Approbierte Psychotherapeutin, Verhaltenstherapie'). */
  qualificationLine: optionalText(200),
  invoiceAssessmentSessions: z.enum(['mark', 'nomark'], { error: V.required }),
  invoicePatientNumber: z.enum(['show', 'hide'], { error: V.required }),
  billingApproval: z.boolean(),
});
export type TherapistInvoiceSettings = z.infer<typeof therapistInvoiceSettingsSchema>;
export const therapistInvoiceSettingsViewSchema = therapistInvoiceSettingsSchema.extend({
  returnAddress: z.string().nullable(),
  invoiceSignature: z.string().nullable(),
  qualificationLine: z.string().nullable(),
});

/** GET /customer/{id}/therapists. */
export const customerTherapistsSchema = z.object({
  list: z.array(
    z.object({ id: z.number(), firstName: z.string(), lastName: z.string(), title: z.string().nullable() }),
  ),
});
