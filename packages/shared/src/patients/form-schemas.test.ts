import { describe, expect, it } from 'vitest';
import { parseGermanDate, patientContactFormSchema, patientFormSchema } from './form-schemas.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '',
  phoneCountry: 'DE',
  birthday: '',
  street: '',
  postalCode: '10115',
  city: 'Berlin',
};

describe('patient form schemas (spec people §5)', () => {
  it('reads DD.MM.YYYY and refuses impossible dates', () => {
    expect(parseGermanDate('1.2.2000')).toBe('2000-02-01');
    expect(parseGermanDate(' ')).toBeNull();
    expect(parseGermanDate('31.02.2000')).toBeUndefined();
  });

  it('refuses a birthday after today with the "date in the future" text (foundations §5)', () => {
    expect(messages(patientContactFormSchema.safeParse({ ...contact, birthday: '01.01.2199' }))).toEqual({
      birthday: 'error.dateInFuture',
    });
    expect(messages(patientContactFormSchema.safeParse({ ...contact, birthday: '31.02.2000' }))).toEqual({
      birthday: 'error.date',
    });
    expect(patientContactFormSchema.safeParse({ ...contact, birthday: '01.01.1990' }).success).toBe(true);
  });

  it('reports the phone on its field even while other fields are invalid', () => {
    const result = patientContactFormSchema.safeParse({ ...contact, firstName: '', phone: '12' });
    expect(messages(result)).toEqual({ firstName: 'error.required', phone: 'error.phone' });
  });

  it('wants the country for a phone, and the patient number only when editing', () => {
    const values = { ...contact, customerId: '1', email: 'ada@example.org', patientNumber: '' };
    expect(messages(patientFormSchema(false).safeParse({ ...values, phone: '030 1234567', phoneCountry: '' }))).toEqual(
      { phoneCountry: 'error.required' },
    );
    expect(patientFormSchema(false).safeParse(values).success).toBe(true);
    expect(messages(patientFormSchema(true).safeParse(values))).toEqual({ patientNumber: 'error.required' });
    expect(messages(patientFormSchema(true).safeParse({ ...values, patientNumber: '1a' }))).toEqual({
      patientNumber: 'error.onlyDigits',
    });
  });

  it('§2 GOÄ: a signed fee agreement needs its date and factor; the factor from 1,0 to 9,99', () => {
    const values = { ...contact, customerId: '1', email: 'ada@example.org', patientNumber: '' };
    const agreement = { feeAgreementSigned: true, feeAgreementDate: '', feeAgreementFactor: '' };
    expect(messages(patientFormSchema(false).safeParse({ ...values, ...agreement }))).toEqual({
      feeAgreementDate: 'error.required',
      feeAgreementFactor: 'error.required',
    });
    const complete = { ...values, ...agreement, feeAgreementDate: '10.01.2025', feeAgreementFactor: '4,5' };
    expect(patientFormSchema(false).safeParse(complete).success).toBe(true);
    expect(messages(patientFormSchema(false).safeParse({ ...complete, feeAgreementFactor: '10' }))).toEqual({
      feeAgreementFactor: 'error.invalidValue',
    });
    expect(messages(patientFormSchema(false).safeParse({ ...complete, feeAgreementDate: '01.01.2199' }))).toEqual({
      feeAgreementDate: 'error.dateInFuture',
    });
  });

  it('§203 StGB: the consent to a collection agency is a real day, not in the future, or empty', () => {
    const values = { ...contact, customerId: '1', email: 'ada@example.org', patientNumber: '' };
    for (const collectionConsentAt of ['', '15.01.2026']) {
      expect(patientFormSchema(false).safeParse({ ...values, collectionConsentAt }).success).toBe(true);
    }
    expect(messages(patientFormSchema(false).safeParse({ ...values, collectionConsentAt: '31.02.2026' }))).toEqual({
      collectionConsentAt: 'error.date',
    });
    expect(messages(patientFormSchema(false).safeParse({ ...values, collectionConsentAt: '01.01.2099' }))).toEqual({
      collectionConsentAt: 'error.dateInFuture',
    });
  });
});
