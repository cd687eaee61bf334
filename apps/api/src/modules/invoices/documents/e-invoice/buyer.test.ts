import { describe, expect, it } from 'vitest';
import { businessCoachingInvoice, therapyInvoice } from '../../../../../test/invoices/e-invoice-samples.js';
import { eInvoiceBuyer, isBusinessInvoice, namesCompany } from './buyer.js';

describe('the e-invoice buyer from the window address', () => {
  it('takes the name without salutation, the street lines, postal code and city', () => {
    expect(eInvoiceBuyer(therapyInvoice)).toEqual({
      name: 'Tim Neumann',
      addressLines: ['Lindenweg 4'],
      postcode: '10117',
      city: 'Berlin',
    });
  });

  it('reads a free invoice address with c/o line, D- prefix and a country line after the city', () => {
    const doc = {
      ...therapyInvoice,
      recipient: { lines: ['Frau Eva Berg', 'c/o Hans Berg', 'Ufer 2', 'D-20457 Hamburg', 'Deutschland'] },
    };
    expect(eInvoiceBuyer(doc)).toEqual({
      name: 'Eva Berg',
      addressLines: ['c/o Hans Berg', 'Ufer 2'],
      postcode: '20457',
      city: 'Hamburg',
    });
  });

  it('gives no postal code or city when no line reads as one', () => {
    const doc = { ...therapyInvoice, recipient: { lines: ['Eva Berg', 'Rue de Rivoli 1', 'Paris'] } };
    expect(eInvoiceBuyer(doc)).toMatchObject({
      postcode: null,
      city: null,
      addressLines: ['Rue de Rivoli 1', 'Paris'],
    });
  });
});

describe('a business client (XRechnung)', () => {
  it('§19 HGB / GmbHG / AktG: a first line with a legal form names a company', () => {
    for (const name of [
      'Muster GmbH',
      'Muster GmbH & Co. KG',
      'Beispiel AG',
      'Kanzlei Roth PartGmbB',
      'Start UG (haftungsbeschränkt)',
      'Blumen Berg e.K.',
      'Sportverein Nord e. V.',
      'Acme Ltd.',
    ]) {
      expect(namesCompany(name), name).toBe(true);
    }
    for (const name of ['Herr Tim Neumann', 'Frau Agnes Ulbricht', 'Dr. Gmbhardt', 'Kagel Sebastian']) {
      expect(namesCompany(name), name).toBe(false);
    }
  });

  it('is a coaching invoice to a company; therapy (GOÄ) bills a person and never is', () => {
    expect(isBusinessInvoice(businessCoachingInvoice)).toBe(true);
    expect(isBusinessInvoice({ ...therapyInvoice, recipient: businessCoachingInvoice.recipient })).toBe(false);
    expect(
      isBusinessInvoice({ ...businessCoachingInvoice, recipient: { lines: ['Herr Tim Neumann', '10117 Berlin'] } }),
    ).toBe(false);
  });
});
