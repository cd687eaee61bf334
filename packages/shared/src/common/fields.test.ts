import { describe, expect, it } from 'vitest';
import { registerTherapistSchema } from '../auth/schemas.js';
import { checkPasswordRules, emailField, newPasswordSchema, phoneField } from './fields.js';

describe('password rules', () => {
  it('reports each rule on its own', () => {
    expect(checkPasswordRules('')).toEqual({ minLength: false, letter: false, digit: false, special: false });
    expect(checkPasswordRules('abcdefgh')).toEqual({ minLength: true, letter: true, digit: false, special: false });
    expect(checkPasswordRules('Äbc1!')).toEqual({ minLength: false, letter: true, digit: true, special: true });
    expect(checkPasswordRules('Abcdef1!')).toEqual({ minLength: true, letter: true, digit: true, special: true });
  });

  it('needs a matching confirmation', () => {
    expect(newPasswordSchema.safeParse({ password: 'Abcdef1!', passwordConfirm: 'Abcdef1!' }).success).toBe(true);
    const mismatch = newPasswordSchema.safeParse({ password: 'Abcdef1!', passwordConfirm: 'Abcdef1?' });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ['passwordConfirm'], message: 'error.passwordsDontMatch' });
  });
});

describe('fields', () => {
  it('trims and lower-cases e-mail addresses', () => {
    expect(emailField.parse('  Anna@Example.ORG ')).toBe('anna@example.org');
    expect(emailField.safeParse('anna@').success).toBe(false);
  });

  it('accepts phone numbers of digits with a leading + only', () => {
    expect(phoneField.parse(' +49301234 ')).toBe('+49301234');
    expect(phoneField.safeParse('030-1234').success).toBe(false);
    expect(phoneField.safeParse('0301+234').success).toBe(false);
  });

  it('registration drops the show-tax-number option without a tax number', () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.de',
      phone: '030',
      jobTitleType: 'coachOrConsultant',
      terms: true,
      name: 'P',
      street: 'S',
      postalCode: '1',
      city: 'C',
      password: 'Abcdef1!',
      passwordConfirm: 'Abcdef1!',
    };
    expect(registerTherapistSchema.parse({ ...base, showTaxNumber: true }).showTaxNumber).toBe(false);
    expect(registerTherapistSchema.parse({ ...base, taxNumber: '1/2', showTaxNumber: true }).showTaxNumber).toBe(true);
  });
});
