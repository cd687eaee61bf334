import { patientProfileUpdateSchema } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { toContactPayload, toContactValues } from './patient-contact-values';
import { validateContactField } from './patient-validation';

const profile = {
  id: 7,
  email: 'tim@example.org',
  salutation: 'Herr',
  title: null,
  firstName: 'Tim',
  lastName: 'Neumann',
  phone: '+4915112345001',
  phoneCountry: 'DE',
  birthday: '1988-03-14 00:00:00',
  street: 'Torstraße 101',
  postalCode: '10119',
  city: 'Berlin',
  country: 'DE',
  careOf: null,
  invoiceAddress: null,
  invoiceDigital: 'yes' as const,
  hasAvatar: false,
};

describe('the patient’s own contact form', () => {
  it('shows the birthday as DD.MM.YYYY and sends back only what the patient may change', () => {
    const values = toContactValues(profile);
    expect(values).toMatchObject({ birthday: '14.03.1988', hasInvoiceAddress: false, invoiceDigital: true });
    const payload = toContactPayload({ ...values, street: ' Parkweg 2 ', email: 'changed@example.org' });
    expect(payload).not.toHaveProperty('email');
    expect(payload).toMatchObject({ street: 'Parkweg 2', birthday: '1988-03-14 00:00:00', careOf: null });
    // The server's strict schema accepts exactly this shape.
    expect(patientProfileUpdateSchema.safeParse(payload).success).toBe(true);
  });

  it('drops the invoice address when the separate address is switched off', () => {
    const values = { ...toContactValues(profile), careOf: 'Eltern', invoiceAddress: 'Weg 1' };
    expect(toContactPayload({ ...values, hasInvoiceAddress: false })).toMatchObject({
      careOf: null,
      invoiceAddress: null,
    });
    expect(toContactPayload({ ...values, hasInvoiceAddress: true })).toMatchObject({ careOf: 'Eltern' });
  });

  it('checks the contact fields by the patient form’s rules, not the practice’s', () => {
    const values = { ...toContactValues(profile), phone: '12', street: 'x'.repeat(81), birthday: '31.02.1988' };
    expect(validateContactField('phone', values)).toBe('error.phone');
    expect(validateContactField('street', values)).toBe('error.max80Signs');
    expect(validateContactField('birthday', values)).toBe('error.date');
    expect(validateContactField('firstName', { ...values, firstName: '' })).toBe('error.required');
    expect(validateContactField('city', { ...values, city: '' })).toBe('error.required');
    expect(validateContactField('email', { ...values, email: '' })).toBeNull();
  });
});
