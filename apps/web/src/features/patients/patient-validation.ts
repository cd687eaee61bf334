import { STREET_MAX_LENGTH, ValidationKey as V } from '@praxia/shared';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { germanDateToWire, type PatientFormValues } from './patient-form-values';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The patient form's rules of spec people §5, as message keys per field (null when valid). */
export function validatePatientField(
  field: keyof PatientFormValues,
  values: PatientFormValues,
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

/** Mantine form rules for every checked field. */
export function patientValidators(isEdit: boolean) {
  return Object.fromEntries(
    FIELDS.map((field) => [
      field,
      (_value: unknown, values: PatientFormValues) => validatePatientField(field, values, isEdit),
    ]),
  );
}
