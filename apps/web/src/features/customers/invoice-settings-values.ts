import {
  type Customer,
  customerFieldsSchema,
  customerUpdateSchema,
  requiredText,
  streetField,
  type TherapistInvoiceSettings,
  therapistInvoiceSettingsSchema,
} from '@praxia/shared';
import type { z } from 'zod';

/** The practice's invoice settings as the form holds them: texts as typed, the add/no and mark/nomark options as ticks. */
export type InvoiceSettingsValues = {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  firstPatientNumber: string;
  firstInvoiceNumber: string;
  paymentTermInvoice: string;
  paymentTermOverdueNotice: string;
  paymentModalities: string;
  patientRemark: string;
  taxNumber: string;
  showTaxNumber: boolean;
  taxExceptionMedicalServices: boolean;
  taxExceptionSmallBusiness: boolean;
  invoiceRemote: boolean;
  iban: string;
  bic: string;
  accountHolder: string;
  datevConsultantNumber: string;
  datevClientNumber: string;
  datevChart: 'SKR03' | 'SKR04';
  requireTwoFactor: boolean;
};

const text = (value: string | null) => value ?? '';
const digits = (value: number | null) => (value === null ? '' : String(value));

export function toInvoiceSettingsValues(customer: Customer): InvoiceSettingsValues {
  return {
    name: customer.name,
    street: text(customer.street),
    postalCode: text(customer.postalCode),
    city: text(customer.city),
    phone: text(customer.phone),
    email: text(customer.email),
    firstPatientNumber: digits(customer.firstPatientNumber),
    firstInvoiceNumber: digits(customer.firstInvoiceNumber),
    paymentTermInvoice: String(customer.paymentTermInvoice),
    paymentTermOverdueNotice: String(customer.paymentTermOverdueNotice),
    paymentModalities: text(customer.paymentModalities),
    patientRemark: text(customer.patientRemark),
    taxNumber: text(customer.taxNumber),
    showTaxNumber: customer.showTaxNumber,
    requireTwoFactor: customer.requireTwoFactor,
    taxExceptionMedicalServices: customer.taxExceptionMedicalServices === 'add',
    taxExceptionSmallBusiness: customer.taxExceptionSmallBusiness === 'add',
    invoiceRemote: customer.invoiceRemote === 'mark',
    // The bank account for the GiroCode on invoices (the shared rules check IBAN and BIC).
    iban: text(customer.iban),
    bic: text(customer.bic),
    accountHolder: text(customer.accountHolder),
    // The tax adviser's numbers for the DATEV booking batch of the invoices.
    datevConsultantNumber: digits(customer.datevConsultantNumber),
    datevClientNumber: digits(customer.datevClientNumber),
    datevChart: customer.datevChart,
  };
}

const textFields = customerFieldsSchema.pick({
  name: true,
  street: true,
  postalCode: true,
  city: true,
  phone: true,
  email: true,
  firstPatientNumber: true,
  firstInvoiceNumber: true,
  paymentTermInvoice: true,
  paymentTermOverdueNotice: true,
  paymentModalities: true,
  patientRemark: true,
  taxNumber: true,
  iban: true,
  bic: true,
  accountHolder: true,
  datevConsultantNumber: true,
  datevClientNumber: true,
});

/**
 * The form's rules, from the shared schema (spec foundations §5 Customer form, Invoice settings). Street, postal code
 * and city are required for everyone but admins; the server applies the same rule.
 */
export function getInvoiceSettingsSchema(isAdmin: boolean) {
  if (isAdmin) return textFields;
  // Field by field rather than one refinement on the object, so each message shows while other fields are invalid.
  return textFields.extend({ street: streetField, postalCode: requiredText(10), city: requiredText(100) });
}

/**
 * The PATCH body: the whitelisted fields, trimmed, empty texts and start numbers as null, payment terms as numbers,
 * the ticks as the API's words; 'show tax number' only with a tax number. Throws on values the form has not validated.
 */
export function toCustomerUpdate(values: InvoiceSettingsValues): z.output<typeof customerUpdateSchema> {
  const hasTaxNumber = values.taxNumber.trim() !== '';
  return customerUpdateSchema.parse({
    name: values.name,
    street: values.street,
    postalCode: values.postalCode,
    city: values.city,
    phone: values.phone,
    email: values.email,
    firstPatientNumber: values.firstPatientNumber,
    firstInvoiceNumber: values.firstInvoiceNumber,
    paymentTermInvoice: values.paymentTermInvoice,
    paymentTermOverdueNotice: values.paymentTermOverdueNotice,
    paymentModalities: values.paymentModalities,
    patientRemark: values.patientRemark,
    taxNumber: values.taxNumber,
    showTaxNumber: hasTaxNumber && values.showTaxNumber,
    taxExceptionMedicalServices: values.taxExceptionMedicalServices ? 'add' : 'no',
    taxExceptionSmallBusiness: values.taxExceptionSmallBusiness ? 'add' : 'no',
    invoiceRemote: values.invoiceRemote ? 'mark' : 'nomark',
    iban: values.iban,
    bic: values.bic,
    accountHolder: values.accountHolder,
    datevConsultantNumber: values.datevConsultantNumber,
    datevClientNumber: values.datevClientNumber,
    datevChart: values.datevChart,
    requireTwoFactor: values.requireTwoFactor,
  });
}

/** A therapist's invoice settings in the form: the mark/nomark and show/hide options as ticks. */
export type TherapistSettingsValues = {
  returnAddress: string;
  invoiceSignature: string;
  qualificationLine: string;
  invoiceAssessmentSessions: boolean;
  invoicePatientNumber: boolean;
  billingApproval: boolean;
};

export const emptyTherapistSettingsValues: TherapistSettingsValues = {
  returnAddress: '',
  invoiceSignature: '',
  qualificationLine: '',
  invoiceAssessmentSessions: false,
  invoicePatientNumber: false,
  billingApproval: false,
};

export function toTherapistSettingsValues(settings: {
  returnAddress: string | null;
  invoiceSignature: string | null;
  qualificationLine: string | null;
  invoiceAssessmentSessions: 'mark' | 'nomark';
  invoicePatientNumber: 'show' | 'hide';
  billingApproval: boolean;
}): TherapistSettingsValues {
  return {
    returnAddress: settings.returnAddress ?? '',
    invoiceSignature: settings.invoiceSignature ?? '',
    qualificationLine: settings.qualificationLine ?? '',
    invoiceAssessmentSessions: settings.invoiceAssessmentSessions === 'mark',
    invoicePatientNumber: settings.invoicePatientNumber === 'show',
    billingApproval: settings.billingApproval,
  };
}

/** Return address and signature are required (spec foundations §5 Therapist invoice settings). */
export const therapistSettingsFormSchema = therapistInvoiceSettingsSchema.pick({
  returnAddress: true,
  invoiceSignature: true,
  qualificationLine: true,
});

/** The PUT body (all fields required). Throws on values the form has not validated. */
export function toTherapistSettings(values: TherapistSettingsValues): TherapistInvoiceSettings {
  return therapistInvoiceSettingsSchema.parse({
    returnAddress: values.returnAddress,
    invoiceSignature: values.invoiceSignature,
    qualificationLine: values.qualificationLine,
    invoiceAssessmentSessions: values.invoiceAssessmentSessions ? 'mark' : 'nomark',
    invoicePatientNumber: values.invoicePatientNumber ? 'show' : 'hide',
    billingApproval: values.billingApproval,
  });
}
