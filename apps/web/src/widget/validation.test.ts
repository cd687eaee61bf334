import { emailField } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { loadPhoneCheck } from './phone';
import {
  type AddressValues,
  hasErrors,
  type NameValues,
  serverFieldErrors,
  validateAddress,
  validateName,
  validateWaitingList,
} from './validation';

const anyPhone = () => true;
const name: NameValues = {
  salutation: 'Frau',
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'erika@example.org',
  phoneCountry: 'DE',
  phone: '030 1234567',
};
const address: AddressValues = {
  street: 'Hauptstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  location: '',
  termsAndConditionsAccepted: true,
};

describe('validateName (widget booking, spec §5)', () => {
  it('passes a complete name step', () => {
    expect(validateName(name, anyPhone)).toEqual({});
  });

  it('requires salutation, names, e-mail, phone country and phone', () => {
    const empty = { salutation: '', firstName: ' ', lastName: '', email: '', phoneCountry: '', phone: '' } as const;
    expect(validateName(empty, anyPhone)).toEqual({
      salutation: 'error.mustSelect',
      firstName: 'error.required',
      lastName: 'error.required',
      email: 'error.required',
      phoneCountry: 'error.required',
      phone: 'error.required',
    });
  });

  it('wants the e-mail in its form', () => {
    for (const email of ['erika', 'erika@', 'erika@example', 'er ika@example.org', '.erika@example.org']) {
      expect(validateName({ ...name, email }, anyPhone).email, email).toBe('error.invalidEmail');
    }
    expect(validateName({ ...name, email: ' Erika.M+praxis@example.co.uk ' }, anyPhone)).toEqual({});
  });

  it('asks the phone check with the chosen country, and refuses overlong numbers before asking', () => {
    const asked: string[] = [];
    const errors = validateName({ ...name, phoneCountry: 'AT' }, (phone, country) => {
      asked.push(`${country} ${phone}`);
      return false;
    });
    expect(errors).toEqual({ phone: 'error.phone' });
    expect(asked).toEqual(['AT 030 1234567']);
    expect(validateName({ ...name, phone: '1'.repeat(31) }, anyPhone)).toEqual({ phone: 'error.phone' });
  });

  it('checks phone numbers with libphonenumber by country, as the server does', async () => {
    const isValidPhone = await loadPhoneCheck();
    expect(validateName(name, isValidPhone)).toEqual({});
    expect(validateName({ ...name, phone: '+49 151 23456789' }, isValidPhone)).toEqual({});
    expect(validateName({ ...name, phone: '123' }, isValidPhone)).toEqual({ phone: 'error.phone' });
    expect(validateName({ ...name, phone: '030 123 abc' }, isValidPhone)).toEqual({ phone: 'error.phone' });
    expect(validateName({ ...name, phoneCountry: 'AT', phone: '01 5123456' }, isValidPhone)).toEqual({});
  });
});

describe('validateAddress', () => {
  it('passes a complete address step', () => {
    expect(validateAddress(address, false)).toEqual({});
    expect(validateAddress({ ...address, location: 'remote' }, true)).toEqual({});
  });

  it('requires street, postal code, city and the acceptance', () => {
    const empty = { street: '', postalCode: '', city: '', location: '', termsAndConditionsAccepted: false } as const;
    expect(validateAddress(empty, false)).toEqual({
      street: 'error.required',
      postalCode: 'error.required',
      city: 'error.required',
      termsAndConditionsAccepted: 'error.required',
    });
  });

  it('allows at most 80 characters of street', () => {
    expect(validateAddress({ ...address, street: 'a'.repeat(80) }, false)).toEqual({});
    expect(validateAddress({ ...address, street: 'a'.repeat(81) }, false)).toEqual({ street: 'error.max80Signs' });
  });

  it('wants a five-digit postal code', () => {
    for (const postalCode of ['1011', '101155', '1011a']) {
      expect(validateAddress({ ...address, postalCode }, false), postalCode).toEqual({
        postalCode: 'error.postalCode',
      });
    }
  });

  it('asks for the place only when the type is offered both ways', () => {
    expect(validateAddress(address, true)).toEqual({ location: 'error.required' });
    expect(validateAddress(address, false)).toEqual({});
  });
});

describe('validateWaitingList', () => {
  it('requires names, a valid e-mail and the consent', () => {
    expect(validateWaitingList({ firstName: 'Erika', lastName: 'M', email: 'e@example.org', consent: true })).toEqual(
      {},
    );
    expect(validateWaitingList({ firstName: '', lastName: '', email: 'e@', consent: false })).toEqual({
      firstName: 'error.required',
      lastName: 'error.required',
      email: 'error.invalidEmail',
      consent: 'error.required',
    });
  });
});

describe('serverFieldErrors', () => {
  it('takes the first key per field of a 422 answer', () => {
    const errors = serverFieldErrors({
      email: ['error.invalidEmail', 'error.tooLong'],
      street: ['error.max80Signs'],
      city: [],
    });
    expect(errors).toEqual({ email: 'error.invalidEmail', street: 'error.max80Signs' });
    expect(hasErrors(serverFieldErrors(undefined))).toBe(false);
  });
});

describe('the widget and the server judge e-mail addresses alike', () => {
  it('accepts and refuses what the shared e-mail field does', () => {
    const addresses = ['a@b.de', 'a.b@c.de', '.a@b.de', 'a..b@c.de', 'a@b', 'a b@c.de', `${'x'.repeat(250)}@b.de`];
    for (const address of addresses) {
      const widget = validateWaitingList({ firstName: 'A', lastName: 'B', email: address, consent: true }).email;
      expect(widget === undefined, address).toBe(emailField.safeParse(address).success);
    }
  });
});
