import type { Customer } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import {
  getInvoiceSettingsSchema,
  type InvoiceSettingsValues,
  toCustomerUpdate,
  toInvoiceSettingsValues,
  toTherapistSettings,
  toTherapistSettingsValues,
} from './invoice-settings-values';

const customer: Customer = {
  id: 7,
  name: 'Praxis am Park',
  street: 'Invalidenstraße 12',
  postalCode: '10115',
  city: 'Berlin',
  language: 'de',
  phone: null,
  email: 'kontakt@example.org',
  deactivated: false,
  requireTwoFactor: false,
  trialExpiresAt: null,
  status: 'active',
  firstPatientNumber: null,
  firstInvoiceNumber: 1001,
  patientRemark: null,
  paymentModalities: 'Bitte überweisen.',
  paymentTermInvoice: 14,
  paymentTermOverdueNotice: 10,
  taxNumber: null,
  showTaxNumber: false,
  taxExceptionMedicalServices: 'add',
  taxExceptionSmallBusiness: 'no',
  invoiceRemote: 'mark',
  iban: null,
  bic: null,
  accountHolder: null,
  logoFilename: null,
  remarks: null,
  datevConsultantNumber: 1234567,
  datevClientNumber: null,
  datevChart: 'SKR04',
};

const values = (changes: Partial<InvoiceSettingsValues> = {}): InvoiceSettingsValues => ({
  ...toInvoiceSettingsValues(customer),
  ...changes,
});

const fieldErrors = (schema: ReturnType<typeof getInvoiceSettingsSchema>, input: InvoiceSettingsValues) => {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe('invoice settings: API → form', () => {
  it('shows nulls as empty fields, numbers as text and the API words as ticks', () => {
    expect(toInvoiceSettingsValues(customer)).toMatchObject({
      phone: '',
      firstPatientNumber: '',
      firstInvoiceNumber: '1001',
      paymentTermInvoice: '14',
      taxExceptionMedicalServices: true,
      taxExceptionSmallBusiness: false,
      invoiceRemote: true,
    });
  });
});

describe('invoice settings: form → PATCH body', () => {
  it('sends empty start numbers as null and digits as numbers; payment terms as numbers', () => {
    const body = toCustomerUpdate(values({ firstPatientNumber: '', firstInvoiceNumber: ' 2026001 ' }));
    expect(body.firstPatientNumber).toBeNull();
    expect(body.firstInvoiceNumber).toBe(2026001);
    expect(body.paymentTermInvoice).toBe(14);
    expect(body.paymentTermOverdueNotice).toBe(10);
  });

  it('drops the show-tax-number option without a tax number and keeps it with one', () => {
    expect(toCustomerUpdate(values({ taxNumber: '  ', showTaxNumber: true }))).toMatchObject({
      taxNumber: null,
      showTaxNumber: false,
    });
    expect(toCustomerUpdate(values({ taxNumber: '12/345/67890', showTaxNumber: true }))).toMatchObject({
      taxNumber: '12/345/67890',
      showTaxNumber: true,
    });
  });

  it('turns the ticks into add/no and mark/nomark, empty texts into null, and sends no deactivation', () => {
    const body = toCustomerUpdate(
      values({ taxExceptionMedicalServices: false, taxExceptionSmallBusiness: true, invoiceRemote: false, phone: ' ' }),
    );
    expect(body).toMatchObject({
      taxExceptionMedicalServices: 'no',
      taxExceptionSmallBusiness: 'add',
      invoiceRemote: 'nomark',
      phone: null,
    });
    expect(body).not.toHaveProperty('deactivated');
  });

  it('sends the bank account compact and upper-case, empty fields as null', () => {
    const body = toCustomerUpdate(
      values({ iban: 'de89 3704 0044 0532 0130 00', bic: ' cobadeffxxx ', accountHolder: ' Praxis am Park ' }),
    );
    expect(body).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', accountHolder: 'Praxis am Park' });
    expect(toCustomerUpdate(values())).toMatchObject({ iban: null, bic: null, accountHolder: null });
  });

  it('shows a stored bank account in the form, and none as empty fields', () => {
    const stored = { ...customer, iban: 'DE89370400440532013000', bic: null, accountHolder: 'Dr. Muster' };
    expect(toInvoiceSettingsValues(stored)).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: '',
      accountHolder: 'Dr. Muster',
    });
    expect(toInvoiceSettingsValues(customer)).toMatchObject({ iban: '', bic: '', accountHolder: '' });
  });
});

describe('invoice settings: DATEV numbers', () => {
  it('shows the stored numbers and chart, and sends numbers or null', () => {
    expect(toInvoiceSettingsValues(customer)).toMatchObject({
      datevConsultantNumber: '1234567',
      datevClientNumber: '',
      datevChart: 'SKR04',
    });
    expect(toCustomerUpdate(values({ datevClientNumber: ' 42 ', datevChart: 'SKR03' }))).toMatchObject({
      datevConsultantNumber: 1234567,
      datevClientNumber: 42,
      datevChart: 'SKR03',
    });
    expect(toCustomerUpdate(values({ datevConsultantNumber: '' }))).toMatchObject({ datevConsultantNumber: null });
  });

  it('keeps them in DATEV’s ranges: Beraternummer 1001–9999999, Mandantennummer 1–99999', () => {
    const owner = getInvoiceSettingsSchema(false);
    expect(fieldErrors(owner, values({ datevConsultantNumber: '1000', datevClientNumber: '0' }))).toEqual({
      datevConsultantNumber: 'error.invalidValue',
      datevClientNumber: 'error.invalidValue',
    });
    expect(fieldErrors(owner, values({ datevConsultantNumber: '12a' }))).toEqual({
      datevConsultantNumber: 'error.onlyDigits',
    });
    expect(fieldErrors(owner, values({ datevConsultantNumber: '9999999', datevClientNumber: '99999' }))).toEqual({});
  });
});

describe('invoice settings: validation', () => {
  const owner = getInvoiceSettingsSchema(false);
  const admin = getInvoiceSettingsSchema(true);

  it('accepts the loaded practice', () => {
    expect(fieldErrors(owner, values())).toEqual({});
  });

  it('checks the IBAN checksum and the BIC format with the shared rules, both optional', () => {
    expect(fieldErrors(owner, values({ iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBA' }))).toEqual({
      iban: 'error.iban',
      bic: 'error.bic',
    });
    expect(fieldErrors(owner, values({ iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' }))).toEqual({});
  });

  it('wants digits in start numbers and payment terms, and payment terms at all', () => {
    expect(
      fieldErrors(owner, values({ firstInvoiceNumber: '12a', paymentTermInvoice: '', paymentTermOverdueNotice: 'x' })),
    ).toEqual({
      firstInvoiceNumber: 'error.onlyDigits',
      paymentTermInvoice: 'error.required',
      paymentTermOverdueNotice: 'error.onlyDigits',
    });
  });

  it('limits the street to 80 characters', () => {
    expect(fieldErrors(owner, values({ street: 'x'.repeat(81) }))).toEqual({ street: 'error.max80Signs' });
  });

  it('requires the address from everyone but admins, each field on its own', () => {
    const noAddress = values({ street: '', postalCode: '', city: '', name: '' });
    expect(fieldErrors(owner, noAddress)).toEqual({
      name: 'error.required',
      street: 'error.required',
      postalCode: 'error.required',
      city: 'error.required',
    });
    expect(fieldErrors(admin, noAddress)).toEqual({ name: 'error.required' });
  });
});

describe('therapist invoice settings', () => {
  it('maps the API words to ticks and back, all fields present for the PUT', () => {
    const form = toTherapistSettingsValues({
      returnAddress: null,
      invoiceSignature: 'Dr. Jonas Hartmann',
      qualificationLine: null,
      invoiceAssessmentSessions: 'mark',
      invoicePatientNumber: 'hide',
      billingApproval: true,
    });
    expect(form).toEqual({
      returnAddress: '',
      invoiceSignature: 'Dr. Jonas Hartmann',
      qualificationLine: '',
      invoiceAssessmentSessions: true,
      invoicePatientNumber: false,
      billingApproval: true,
    });
    expect(
      toTherapistSettings({
        ...form,
        returnAddress: ' Praxis · Straße 1 · Berlin ',
        qualificationLine: ' Approbierter Psychologischer Psychotherapeut ',
      }),
    ).toEqual({
      returnAddress: 'Praxis · Straße 1 · Berlin',
      invoiceSignature: 'Dr. Jonas Hartmann',
      qualificationLine: 'Approbierter Psychologischer Psychotherapeut',
      invoiceAssessmentSessions: 'mark',
      invoicePatientNumber: 'hide',
      billingApproval: true,
    });
  });

  it('refuses an empty return address', () => {
    expect(() =>
      toTherapistSettings({
        ...toTherapistSettingsValues({
          returnAddress: '',
          invoiceSignature: 'x',
          qualificationLine: null,
          invoiceAssessmentSessions: 'nomark',
          invoicePatientNumber: 'show',
          billingApproval: false,
        }),
      }),
    ).toThrow();
  });
});
