import { describe, expect, it } from 'vitest';
import { emptyPatientValues } from './patient-form-values';
import { validatePatientField } from './patient-validation';

const values = (overrides: Partial<ReturnType<typeof emptyPatientValues>> = {}) => ({
  ...emptyPatientValues(1),
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  ...overrides,
});

describe('patient form rules (spec people §5)', () => {
  it('requires practice, names and e-mail, and checks the e-mail', () => {
    expect(validatePatientField('customerId', values({ customerId: '' }), false)).toBe('error.required');
    expect(validatePatientField('firstName', values({ firstName: '  ' }), false)).toBe('error.required');
    expect(validatePatientField('email', values({ email: 'ada' }), false)).toBe('error.invalidEmail');
    expect(validatePatientField('email', values(), false)).toBeNull();
  });

  it('requires postal code and city', () => {
    expect(validatePatientField('postalCode', values({ postalCode: ' ' }), false)).toBe('error.required');
    expect(validatePatientField('city', values({ city: '' }), true)).toBe('error.required');
    expect(validatePatientField('postalCode', values({ postalCode: '10115' }), false)).toBeNull();
    expect(validatePatientField('city', values({ city: 'Berlin' }), false)).toBeNull();
  });

  it('needs the patient number only when editing, digits only', () => {
    expect(validatePatientField('patientNumber', values(), false)).toBeNull();
    expect(validatePatientField('patientNumber', values(), true)).toBe('error.required');
    expect(validatePatientField('patientNumber', values({ patientNumber: '12a' }), true)).toBe('error.onlyDigits');
    expect(validatePatientField('patientNumber', values({ patientNumber: '12' }), true)).toBeNull();
  });

  it('checks the phone in its country and wants the country when a phone is given', () => {
    expect(validatePatientField('phone', values({ phone: '030 1234567' }), false)).toBeNull();
    expect(validatePatientField('phone', values({ phone: '12' }), false)).toBe('error.phone');
    expect(validatePatientField('phone', values({ phone: '01 23 45 67 89', phoneCountry: 'FR' }), false)).toBeNull();
    expect(validatePatientField('phoneCountry', values({ phone: '030 1234567', phoneCountry: '' }), false)).toBe(
      'error.required',
    );
  });

  it('checks the birthday as DD.MM.YYYY and the street length', () => {
    expect(validatePatientField('birthday', values({ birthday: '31.02.2000' }), false)).toBe('error.date');
    expect(validatePatientField('birthday', values({ birthday: '29.02.2000' }), false)).toBeNull();
    expect(validatePatientField('street', values({ street: 'x'.repeat(81) }), false)).toBe('error.max80Signs');
    expect(validatePatientField('street', values({ street: 'x'.repeat(80) }), false)).toBeNull();
  });
});
