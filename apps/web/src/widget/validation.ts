import {
  CITY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  POSTAL_CODE_PATTERN,
  SALUTATIONS,
  STREET_MAX_LENGTH,
} from '@praxia/shared/constants';
import { ValidationKey as V } from '@praxia/shared/errors';

/*
 * The widget's checks mirror widgetBookSchema and waitingListJoinSchema (spec appointments §5, widget booking)
 * without bundling zod: the same limits and patterns (from the shared constants), the same message keys, so the server's 422 keys and ours read alike. The server
 * stays the judge; these only spare the visitor a round trip.
 */

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export type NameValues = {
  salutation: '' | (typeof SALUTATIONS)[number];
  firstName: string;
  lastName: string;
  email: string;
  phoneCountry: string;
  phone: string;
};
export type AddressValues = {
  street: string;
  postalCode: string;
  city: string;
  location: '' | 'onSite' | 'remote';
  termsAndConditionsAccepted: boolean;
};
export type WaitingListValues = { firstName: string; lastName: string; email: string; consent: boolean };

/** Whether a number is valid for its country (libphonenumber, loaded after the first view: see phone.ts). */
export type PhoneCheck = (phone: string, country: string) => boolean;

function requiredText(value: string, max: number, tooLong: string = V.tooLong): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return V.required;
  return trimmed.length > max ? tooLong : undefined;
}

function email(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return V.required;
  return trimmed.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(trimmed) ? V.invalidEmail : undefined;
}

function phone(values: NameValues, isValidPhone: PhoneCheck): string | undefined {
  const trimmed = values.phone.trim();
  if (!trimmed) return V.required;
  if (trimmed.length > PHONE_MAX_LENGTH) return V.phone;
  return values.phoneCountry && !isValidPhone(trimmed, values.phoneCountry) ? V.phone : undefined;
}

/** Keeps the fields that have a message, so `hasErrors` and the form agree. */
function only<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, key]) => key !== undefined)) as FieldErrors<Field>;
}

export const hasErrors = (errors: FieldErrors<string>): boolean => Object.keys(errors).length > 0;

/** The name step: salutation, names, e-mail, phone country and a valid phone are required. */
export function validateName(values: NameValues, isValidPhone: PhoneCheck): FieldErrors<keyof NameValues> {
  return only({
    salutation: SALUTATIONS.includes(values.salutation as (typeof SALUTATIONS)[number]) ? undefined : V.mustSelect,
    firstName: requiredText(values.firstName, NAME_MAX_LENGTH),
    lastName: requiredText(values.lastName, NAME_MAX_LENGTH),
    email: email(values.email),
    phoneCountry: values.phoneCountry.trim() ? undefined : V.required,
    phone: phone(values, isValidPhone),
  });
}

/** The address step: street (at most 80), five-digit postal code, city; the place for 'both' types; the acceptance. */
export function validateAddress(values: AddressValues, needsLocation: boolean): FieldErrors<keyof AddressValues> {
  return only({
    street: requiredText(values.street, STREET_MAX_LENGTH, V.max80Signs),
    postalCode: !values.postalCode.trim()
      ? V.required
      : POSTAL_CODE_PATTERN.test(values.postalCode.trim())
        ? undefined
        : V.postalCode,
    city: requiredText(values.city, CITY_MAX_LENGTH),
    location: needsLocation && !values.location ? V.required : undefined,
    termsAndConditionsAccepted: values.termsAndConditionsAccepted ? undefined : V.required,
  });
}

/** The waiting list: names, e-mail and the consent. */
export function validateWaitingList(values: WaitingListValues): FieldErrors<keyof WaitingListValues> {
  return only({
    firstName: requiredText(values.firstName, NAME_MAX_LENGTH),
    lastName: requiredText(values.lastName, NAME_MAX_LENGTH),
    email: email(values.email),
    consent: values.consent ? undefined : V.required,
  });
}

/** The server's 422 `validationMessages` ({ field: [key, …] }) as one key per field, the first. */
export function serverFieldErrors(validationMessages: Record<string, string[]> | undefined): FieldErrors<string> {
  return Object.fromEntries(
    Object.entries(validationMessages ?? {}).flatMap(([field, keys]) => (keys[0] ? [[field, keys[0]]] : [])),
  );
}
