import { describe, expect, it } from 'vitest';
import { registerTherapistSchema } from '../auth/registration-schemas.js';
import { customerUpdateSchema } from '../customers/schemas.js';
import {
  boundedInt,
  checkPasswordRules,
  emailField,
  INT4_MAX,
  idField,
  newPasswordSchema,
  optionalPostalCodeField,
  optionalText,
  passwordField,
  plainText,
  postalCodeField,
  requiredText,
} from './fields.js';
import { optionalPhoneField, phoneField } from './phone.js';

describe('password rules', () => {
  it('reports each rule on its own', () => {
    expect(checkPasswordRules('')).toEqual({ minLength: false, letter: false, digit: false, special: false });
    expect(checkPasswordRules('abcdefgh')).toEqual({ minLength: true, letter: true, digit: false, special: false });
    expect(checkPasswordRules('Äbc1!')).toEqual({ minLength: false, letter: true, digit: true, special: true });
    expect(checkPasswordRules('Abcdef1!')).toEqual({ minLength: true, letter: true, digit: true, special: true });
  });

  it('says "at least 8 characters" for a short password and names the rules for a long weak one (foundations §5)', () => {
    expect(passwordField.safeParse('Äbc1!').error?.issues.map((issue) => issue.message)).toEqual(['error.minLength']);
    expect(passwordField.safeParse('abcdefgh').error?.issues.map((issue) => issue.message)).toEqual([
      'error.passwordRules',
    ]);
    expect(passwordField.safeParse('Abcdef1!').success).toBe(true);
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

  it('accepts phone numbers as people write them and stores them as E.164', () => {
    expect(phoneField.parse('030 1234567')).toBe('+49301234567');
    expect(phoneField.parse(' +49 30 1234567 ')).toBe('+49301234567');
    expect(phoneField.parse('0151 23456789')).toBe('+4915123456789');
    expect(phoneField.parse('(030) 123-4567')).toBe('+49301234567');
    expect(phoneField.parse('+43 1 5135000')).toBe('+4315135000');
  });

  it('refuses what is not a phone number, with the phone message', () => {
    for (const value of ['030', '12', 'abc', '030 123 abc', '0301+234', '+49 30 1234567 999999999']) {
      expect(phoneField.safeParse(value).error?.issues[0]?.message, value).toBe('error.phone');
    }
    expect(phoneField.safeParse('').error?.issues[0]?.message).toBe('error.required');
  });

  it('takes an empty optional phone number as none', () => {
    expect(optionalPhoneField.parse('')).toBeNull();
    expect(optionalPhoneField.parse(null)).toBeNull();
    expect(optionalPhoneField.parse('040 1234567')).toBe('+49401234567');
    expect(optionalPhoneField.safeParse('12').success).toBe(false);
  });

  it('takes German postal codes of five digits', () => {
    expect(postalCodeField.parse(' 10115 ')).toBe('10115');
    for (const value of ['1011', '101155', '1O115', 'D-10115']) {
      expect(postalCodeField.safeParse(value).error?.issues[0]?.message, value).toBe('error.postalCode');
    }
    expect(optionalPostalCodeField.parse('')).toBeNull();
    expect(optionalPostalCodeField.safeParse('123').success).toBe(false);
  });

  it('registration drops the show-tax-number option without a tax number', () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.de',
      phone: '030 1234567',
      jobTitleType: 'coachOrConsultant',
      terms: true,
      name: 'P',
      street: 'S',
      postalCode: '10115',
      city: 'C',
      password: 'Abcdef1!',
      passwordConfirm: 'Abcdef1!',
    };
    expect(registerTherapistSchema.parse({ ...base, showTaxNumber: true }).showTaxNumber).toBe(false);
    expect(registerTherapistSchema.parse({ ...base, taxNumber: '1/2', showTaxNumber: true }).showTaxNumber).toBe(true);
  });
});

describe('request bounds', () => {
  it('ids are positive whole numbers within the integer column', () => {
    expect(idField.parse('2147483647')).toBe(2_147_483_647);
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc']) {
      expect(idField.safeParse(id).success, id).toBe(false);
    }
  });

  it('numbers in bodies stay within the integer column', () => {
    expect(boundedInt().safeParse(INT4_MAX).success).toBe(true);
    expect(boundedInt().safeParse(INT4_MAX + 1).success).toBe(false);
    expect(customerUpdateSchema.safeParse({ firstInvoiceNumber: 2 ** 31 }).success).toBe(false);
    expect(customerUpdateSchema.safeParse({ paymentTermInvoice: 2 ** 31 }).success).toBe(false);
  });

  it('refuses NUL characters in every kind of text field', () => {
    expect(plainText().safeParse('a\u0000b').error?.issues[0]?.message).toBe('error.invalidValue');
    expect(requiredText().safeParse('Praxis\u0000').success).toBe(false);
    expect(optionalText().safeParse('\u0000').success).toBe(false);
    expect(passwordField.safeParse('Abcdef1!\u0000').success).toBe(false);
    expect(customerUpdateSchema.safeParse({ street: 'Weg\u00001' }).success).toBe(false);
    expect(requiredText().parse(' Praxis ')).toBe('Praxis');
  });
});
