import { z } from 'zod';
import { formSchema, requiredText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';
import { parseRate } from '../records/fees.js';
import {
  FEE_AGREEMENT_MAX_HUNDREDTHS,
  isAfterToday,
  judgePhone,
  PatientValidationKey,
  parseWireDate,
  patientFields,
  patientNumberField,
} from './schemas.js';

/** 'DD.MM.YYYY' as typed in the forms → 'YYYY-MM-DD'; null when empty; undefined when not a real date. */
export function parseGermanDate(value: string): string | null | undefined {
  const text = value.trim();
  if (!text) return null;
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (!match) return undefined;
  return parseWireDate(`${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}`) ?? undefined;
}

/** The birthday as the forms hold it ('DD.MM.YYYY'; empty is allowed); nobody is born after today. */
const germanDateField = z
  .string()
  .refine((value) => parseGermanDate(value) !== undefined, { message: PatientValidationKey.date, abort: true })
  .refine((value) => !isAfterToday(parseGermanDate(value) ?? null), V.dateInFuture);

/**
 * The phone pair of the forms by the API's rule (judgePhone), each message on its own field: a number without a
 * country is judged as German (the form's default) while the country is reported missing.
 */
export function checkFormPhone(value: { phone?: unknown; phoneCountry?: unknown }, context: z.RefinementCtx) {
  const phone = typeof value.phone === 'string' ? value.phone.trim() : '';
  if (!phone) return;
  const country = typeof value.phoneCountry === 'string' ? value.phoneCountry : '';
  if (!country) context.addIssue({ code: 'custom', message: V.required, path: ['phoneCountry'] });
  const judged = judgePhone(phone, country || 'DE');
  if ('field' in judged) context.addIssue({ code: 'custom', message: judged.message, path: [judged.field] });
}

/**
 * The contact part of the patient forms (staff record and the patient's own profile), on the form's text values.
 * Form-only beyond the API: postal code and city are required (spec people §5), the birthday is 'DD.MM.YYYY'.
 */
const contactFormFields = {
  firstName: patientFields.firstName,
  lastName: patientFields.lastName,
  phone: patientFields.phone,
  phoneCountry: z.string(),
  birthday: germanDateField,
  street: patientFields.street,
  postalCode: requiredText(20),
  city: requiredText(100),
};

/** The patient's own profile form (the e-mail address is shown, not edited). */
export const patientContactFormSchema = formSchema(z.object(contactFormFields), checkFormPhone);

/** An agreed factor as typed ('4,5'): empty, or from 1,0 to 9,99 with at most two decimals. */
const agreementFactorFormField = z.string().refine((value) => {
  if (!value.trim()) return true;
  const rate = parseRate(value.trim());
  return rate !== null && rate >= 100 && rate <= FEE_AGREEMENT_MAX_HUNDREDTHS;
}, V.invalidValue);

/** §2 GOÄ: a signed agreement names its day and factor (the API checks the same). */
function checkFeeAgreement(
  value: { feeAgreementSigned?: unknown; feeAgreementDate?: unknown; feeAgreementFactor?: unknown },
  context: z.RefinementCtx,
) {
  if (value.feeAgreementSigned !== true) return;
  for (const field of ['feeAgreementDate', 'feeAgreementFactor'] as const) {
    const text = value[field];
    if (typeof text !== 'string' || !text.trim())
      context.addIssue({ code: 'custom', message: V.required, path: [field] });
  }
}

/** The practice's patient form; the patient number is edited (and then required) only on a stored patient. */
export const patientFormSchema = (isEdit: boolean) =>
  formSchema(
    z.object({
      ...contactFormFields,
      customerId: z.string().trim().min(1, V.required),
      email: patientFields.email,
      patientNumber: isEdit
        ? z
            .string()
            .trim()
            .min(1, { message: V.required, abort: true })
            .pipe(patientNumberField as z.ZodType<number, string>)
        : z.string().optional(),
      internalNote: patientFields.internalNote,
      invoiceRemark: patientFields.invoiceRemark,
      feeAgreementSigned: z.boolean().optional(),
      feeAgreementDate: germanDateField.optional(),
      feeAgreementFactor: agreementFactorFormField.optional(),
      collectionConsentAt: germanDateField.optional(),
    }),
    (value, context) => {
      checkFormPhone(value, context);
      checkFeeAgreement(value, context);
    },
  );
