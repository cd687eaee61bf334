import { STREET_MAX_LENGTH, ValidationKey as V } from '@praxia/shared';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { germanDateToWire, type PatientContactValues } from './patient-contact-values';
import type { PatientFormValues } from './patient-form-values';

/** The values a rule may look at: the contact part is in every patient form, the practice's part only in the staff one. */
type CheckedValues = PatientContactValues & Partial<PatientFormValues>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The patient form's rules of spec people §5, as message keys per field (null when valid). */
export function validatePatientField(
  field: keyof PatientFormValues,
  values: CheckedValues,
  isEdit: boolean,
): string | null {
  const value = values[field];
  const text = typeof value === 'string' ? value.trim() : '';
  switch (field) {
    case 'customerId':
    case 'firstName':
    case 'lastName':
    case 'postalCode':
    case 'city':
      return text ? null : V.required;
    case 'patientNumber':
      if (!isEdit) return null;
      if (!text) return V.required;
      return /^\d+$/.test(text) ? null : V.onlyDigits;
    case 'email':
      if (!text) return V.required;
      return EMAIL.test(text) ? null : V.invalidEmail;
    case 'phoneCountry':
      return values.phone.trim() && !text ? V.required : null;
    case 'phone': {
      if (!text) return null;
      const parsed = /^\+?[\d\s()/.-]+$/.test(text)
        ? parsePhoneNumberFromString(text, (values.phoneCountry || 'DE') as CountryCode)
        : undefined;
      return parsed?.isValid() ? null : V.phone;
    }
    case 'birthday':
      return germanDateToWire(text) === undefined ? 'error.date' : null;
    case 'street':
      return text.length > STREET_MAX_LENGTH ? V.max80Signs : null;
    default:
      return null;
  }
}

const FIELDS: (keyof PatientFormValues)[] = [
  'customerId',
  'patientNumber',
  'firstName',
  'lastName',
  'email',
  'phone',
  'phoneCountry',
  'birthday',
  'street',
  'postalCode',
  'city',
];

/** The fields the patient checks on their own profile (the e-mail address is shown, not edited). */
export const CONTACT_FIELDS: (keyof PatientContactValues)[] = [
  'firstName',
  'lastName',
  'phone',
  'phoneCountry',
  'birthday',
  'street',
  'postalCode',
  'city',
];

/** Mantine form rules for every checked field; `fields` narrows them to the patient's own profile form. */
export function patientValidators(isEdit: boolean, fields: (keyof PatientFormValues)[] = FIELDS) {
  return Object.fromEntries(
    fields.map((field) => [
      field,
      (_value: unknown, values: CheckedValues) => validatePatientField(field, values, isEdit),
    ]),
  );
}
