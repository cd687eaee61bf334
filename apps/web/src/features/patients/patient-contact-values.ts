import { type Patient, type PatientProfileUpdate, parseGermanDate, parseWireDate } from '@praxia/shared';

/** 'DD.MM.YYYY' → the wire's 'YYYY-MM-DD 00:00:00'; null when empty; undefined when not a real date. */
export function germanDateToWire(value: string): string | null | undefined {
  const parsed = parseGermanDate(value);
  return parsed ? `${parsed} 00:00:00` : parsed;
}

/** The wire's 'YYYY-MM-DD 00:00:00' → 'DD.MM.YYYY'. */
export function wireDateToGerman(value: string | null): string {
  const parsed = value ? parseWireDate(value) : null;
  if (!parsed) return '';
  const [year, month, day] = parsed.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * The contact part of the patient form: what the practice edits on the record and the patient edits themselves on
 * their profile (spec people §2; the e-mail address only the practice changes).
 */
export type PatientContactValues = {
  salutation: string;
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  phoneCountry: string;
  birthday: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  hasInvoiceAddress: boolean;
  careOf: string;
  invoiceAddress: string;
  invoiceDigital: boolean;
};

type ContactSource = Pick<Patient, Exclude<keyof PatientContactValues, 'hasInvoiceAddress'>>;

export const toContactValues = (patient: ContactSource): PatientContactValues => ({
  salutation: patient.salutation ?? '',
  title: patient.title ?? '',
  firstName: patient.firstName,
  lastName: patient.lastName,
  email: patient.email,
  phone: patient.phone ?? '',
  phoneCountry: patient.phoneCountry,
  birthday: wireDateToGerman(patient.birthday),
  street: patient.street ?? '',
  postalCode: patient.postalCode ?? '',
  city: patient.city ?? '',
  country: patient.country,
  hasInvoiceAddress: Boolean(patient.careOf || patient.invoiceAddress),
  careOf: patient.careOf ?? '',
  invoiceAddress: patient.invoiceAddress ?? '',
  invoiceDigital: patient.invoiceDigital === 'yes',
});

export const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The contact fields of a save, without the e-mail address (the patient's own save may not send it). */
export const toContactPayload = (values: PatientContactValues) =>
  ({
    salutation: (orNull(values.salutation) as 'Herr' | 'Frau' | 'Divers' | null) ?? null,
    title: orNull(values.title) as never,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: orNull(values.phone),
    phoneCountry: values.phoneCountry || null,
    birthday: germanDateToWire(values.birthday) ?? null,
    street: orNull(values.street),
    postalCode: orNull(values.postalCode),
    city: orNull(values.city),
    country: values.country || null,
    careOf: values.hasInvoiceAddress ? orNull(values.careOf) : null,
    invoiceAddress: values.hasInvoiceAddress ? orNull(values.invoiceAddress) : null,
    invoiceDigital: values.invoiceDigital ? ('yes' as const) : ('no' as const),
  }) satisfies PatientProfileUpdate;
