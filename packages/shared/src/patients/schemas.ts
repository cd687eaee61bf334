import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import {
  emailField,
  INT4_MAX,
  idField,
  optionalText,
  optionalTitleField,
  plainText,
  requiredText,
} from '../common/fields.js';
import {
  LANGUAGES,
  NAME_MAX_LENGTH,
  PHONE_CHARACTERS,
  PHONE_MAX_LENGTH,
  SALUTATIONS,
  STREET_MAX_LENGTH,
} from '../constants.js';
import { toPracticeIsoDate } from '../dates.js';
import { ValidationKey as V } from '../errors.js';
import { formatRateWire, parseRate } from '../records/fees.js';
import { PatientValidationKey } from './validation-keys.js';

/** DIN 5008 form B: the window's address zone holds six lines of about 40 characters at 10 pt. */
export const ADDRESS_WINDOW = { lines: 6, lineLength: 40 } as const;

/** Whether a free invoice address fits the letter's window as written (no line cut, none left out). */
export function fitsAddressWindow(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length <= ADDRESS_WINDOW.lines && lines.every((line) => line.length <= ADDRESS_WINDOW.lineLength);
}

export const INSURANCE_TYPES = ['legally', 'privately'] as const;
export const INVOICE_DIGITAL = ['yes', 'no'] as const;

export { PatientValidationKey };

/** 'YYYY-MM-DD' or the wire's 'YYYY-MM-DD 00:00:00' → 'YYYY-MM-DD', refusing impossible dates (31.02.). */
export function parseWireDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]00:00:00(?:\.0+)?Z?)?$/.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal && year >= 1900 && year <= 2200 ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** Whether a calendar date ('YYYY-MM-DD') lies after today in Germany; false for no date. */
export const isAfterToday = (isoDate: string | null, now: Date = new Date()) =>
  isoDate !== null && isoDate > toPracticeIsoDate(now);

/** The wire form of a stored birthday (spec people §3). */
export const toWireDate = (isoDate: string | null) => (isoDate ? `${isoDate} 00:00:00` : null);

/** A real calendar date not after today ('YYYY-MM-DD', or the wire form); empty is null. */
function pastDate(value: string | null | undefined, context: z.RefinementCtx): string | null {
  if (!value) return null;
  const parsed = parseWireDate(value);
  if (parsed && !isAfterToday(parsed)) return parsed;
  context.addIssue({ code: 'custom', message: parsed ? V.dateInFuture : PatientValidationKey.date });
  return z.NEVER;
}

const birthdayField = plainText().trim().nullish().transform(pastDate);

/** A fee agreement's day (§2 GOÄ: made before the treatment): a real date, not after today. */
const agreementDateField = plainText().trim().nullable().transform(pastDate).optional();

/** The highest factor a fee agreement may name: above the GOÄ's 3,5 and within what a factor column holds (9,99). */
export const FEE_AGREEMENT_MAX_HUNDREDTHS = 999;

/** The agreed factor ('4,5', '4.5' or 4.5) in hundredths, from 1,0 up to 9,99. */
const agreementFactorField = z
  .union([plainText().trim().max(20), z.number()])
  .nullable()
  .transform((value, context) => {
    if (value === null || value === '') return null;
    const rate = parseRate(value);
    if (rate !== null && rate >= 100 && rate <= FEE_AGREEMENT_MAX_HUNDREDTHS) return rate;
    context.addIssue({ code: 'custom', message: V.invalidValue });
    return z.NEVER;
  })
  .optional();

/**
 * The day the practice recorded the patient's consent to a collection agency (§203 StGB: the claim and with it the
 * treatment may only go to one with it); a past or today's date, or null.
 */
const consentDayField = plainText()
  .trim()
  .nullish()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    if (!value) return null;
    const parsed = parseWireDate(value);
    if (parsed && !isAfterToday(parsed)) return parsed;
    context.addIssue({ code: 'custom', message: parsed ? V.dateInFuture : PatientValidationKey.date });
    return z.NEVER;
  });

const countryField = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, V.invalidValue)
  .transform((value) => value.toUpperCase());

/** A patient number: digits only (spec people §5), in the integer range. */
export const patientNumberField = z.union([plainText().trim(), z.number()]).transform((value, context) => {
  const text = String(value);
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > INT4_MAX) {
    context.addIssue({ code: 'custom', message: V.onlyDigits });
    return z.NEVER;
  }
  return Number(text);
});

/** The patient's fields as the API checks them; the forms' schemas build on them. */
export const patientFields = {
  customerId: idField,
  salutation: z.enum(SALUTATIONS).nullish(),
  title: optionalTitleField,
  firstName: requiredText(NAME_MAX_LENGTH),
  lastName: requiredText(NAME_MAX_LENGTH),
  email: emailField,
  phone: plainText().trim().max(PHONE_MAX_LENGTH, V.phone).nullish(),
  phoneCountry: countryField.nullish(),
  insuranceType: z.enum(INSURANCE_TYPES).nullish(),
  birthday: birthdayField,
  street: plainText().trim().max(STREET_MAX_LENGTH, V.max80Signs).nullish(),
  postalCode: optionalText(20),
  city: optionalText(100),
  country: countryField.nullish(),
  careOf: optionalText(200),
  // Longer texts get the length message alone.
  invoiceAddress: optionalText(800).refine(
    (value) => value === null || value.length > 800 || fitsAddressWindow(value),
    V.addressWindow,
  ),
  invoiceDigital: z.enum(INVOICE_DIGITAL).nullish(),
  internalNote: optionalText(4000),
  invoiceRemark: optionalText(2000),
  /** The patient agreed that invoices print the diagnosis (on by default for private patients). */
  diagnosisOnInvoice: z.boolean().nullish(),
  /** A fee agreement under §2 GOÄ: its day, the agreed factor, and whether the patient signed it. */
  feeAgreementDate: agreementDateField,
  feeAgreementFactor: agreementFactorField,
  feeAgreementSigned: z.boolean().nullish(),
  collectionConsentAt: consentDayField.optional(),
};

type PhoneParts = { phone?: string | null; phoneCountry?: string | null };

/**
 * Spec people §5: a phone needs its country and must be a valid number there. Names the field and message key of the
 * broken rule, or gives the number as E.164.
 */
export function judgePhone(
  phone: string,
  country: string | null | undefined,
): { field: 'phone' | 'phoneCountry'; message: string } | { number: string } {
  if (!country) return { field: 'phoneCountry', message: V.required };
  const parsed = PHONE_CHARACTERS.test(phone) ? parsePhoneNumberFromString(phone, country as CountryCode) : undefined;
  return parsed?.isValid() ? { number: parsed.number } : { field: 'phone', message: V.phone };
}

/** The API's phone rule on a whole request; stored as E.164. */
export function checkPhone<T extends PhoneParts>(value: T, context: z.RefinementCtx): T {
  if (!value.phone) return { ...value, phone: value.phone === undefined ? undefined : null };
  const judged = judgePhone(value.phone, value.phoneCountry);
  if ('number' in judged) return { ...value, phone: judged.number };
  context.addIssue({ code: 'custom', message: judged.message, path: [judged.field] });
  return z.NEVER;
}

/** POST /user/patient: the practice defaults to the acting one; therapistId names the treating therapist. */
export const patientCreateSchema = z
  .object({
    ...patientFields,
    customerId: idField.optional(),
    therapistId: idField.optional(),
  })
  .transform(checkPhone);
export type PatientCreate = z.input<typeof patientCreateSchema>;

/** PATCH /user/patient/{id}: any field; patientNumber only behind the form's confirmation. */
export const patientUpdateSchema = z
  .object({
    ...patientFields,
    patientNumber: patientNumberField,
    defaultUserDiagnosisId: idField.nullable(),
  })
  .omit({ customerId: true })
  .partial()
  .transform(checkPhone);
export type PatientUpdate = z.input<typeof patientUpdateSchema>;

export const patientSchema = z.object({
  id: z.number(),
  roles: z.number(),
  salutation: z.string().nullable(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  deleted: z.boolean(),
  phone: z.string().nullable(),
  phoneCountry: z.string(),
  insuranceType: z.enum(INSURANCE_TYPES).nullable(),
  customerId: z.number(),
  therapistId: z.number(),
  /** 'YYYY-MM-DD 00:00:00' (spec people §3). */
  birthday: z.string().nullable(),
  patientNumber: z.number(),
  defaultUserDiagnosisId: z.number().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  /** The patient's appointments with the requested therapist (read-only). */
  sessioncounter: z.number(),
  internalNote: z.string().nullable(),
  invoiceRemark: z.string().nullable(),
  careOf: z.string().nullable(),
  invoiceAddress: z.string().nullable(),
  invoiceDigital: z.enum(INVOICE_DIGITAL),
  diagnosisOnInvoice: z.boolean(),
  /** 'YYYY-MM-DD'. */
  feeAgreementDate: z.string().nullable(),
  /** The agreed factor on the wire ('4.5'). */
  feeAgreementFactor: z.string().nullable(),
  feeAgreementSigned: z.boolean(),
  /** 'YYYY-MM-DD': the day the consent to a collection agency was recorded; null when none was. */
  collectionConsentAt: z.string().nullable(),
});
export type Patient = z.infer<typeof patientSchema>;

/** A stored agreed factor ('4.50') on the wire ('4.5'). */
export const agreementFactorWire = (stored: string | null) => {
  const rate = stored === null ? null : parseRate(stored);
  return rate === null ? null : formatRateWire(rate);
};

/**
 * What a patient may change of their own record (spec people §2 profile edit): their contact data. The practice's
 * fields (patient number, therapist, notes, invoice remark, insurance) and the e-mail address stay with the practice.
 */
const PATIENT_PROFILE_FIELDS = {
  salutation: true,
  title: true,
  firstName: true,
  lastName: true,
  phoneCountry: true,
  phone: true,
  birthday: true,
  street: true,
  postalCode: true,
  city: true,
  country: true,
  careOf: true,
  invoiceAddress: true,
  invoiceDigital: true,
} as const;

/**
 * PATCH /patient/profile: the patient's own contact data, by the staff form's rules, and their interface language;
 * any other field is a 422.
 */
export const patientProfileUpdateSchema = z
  .object(patientFields)
  .pick(PATIENT_PROFILE_FIELDS)
  .extend({ language: z.enum(LANGUAGES) })
  .partial()
  .strict()
  .transform(checkPhone);
export type PatientProfileUpdate = z.input<typeof patientProfileUpdateSchema>;

/** GET /patient/profile: the patient's own contact data, with the e-mail address they cannot change here. */
export const patientProfileSchema = patientSchema
  .pick({ id: true, email: true, ...PATIENT_PROFILE_FIELDS })
  .extend({ hasAvatar: z.boolean(), language: z.enum(LANGUAGES) });
export type PatientProfile = z.infer<typeof patientProfileSchema>;

export const patientQuerySchema = z.object({ sessioncounter: idField.optional() });
