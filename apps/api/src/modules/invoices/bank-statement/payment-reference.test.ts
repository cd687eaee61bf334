import { describe, expect, it } from 'vitest';
import { invoiceNumbersInReference } from './payment-reference.js';

describe('invoiceNumbersInReference', () => {
  it.each([
    ['Rechnung 2026004', ['2026004']],
    ['RE 2026004', ['2026004']],
    ['Re.-Nr. 2026-004 Tim Neumann', ['2026004']],
    ['Rechnung Nr. 2026-004', ['2026004']],
    ['Rechnungsnummer: 2026/004', ['2026004']],
    ['RG2026004', ['2026004']],
    ['Invoice no. 17', ['17']],
    ['rechnung 2026004 und 2026005', ['2026004']],
    ['Rechnung 2026004, Rechnung 2026005', ['2026004', '2026005']],
  ])('finds the number after a keyword in "%s"', (reference, expected) => {
    expect(invoiceNumbersInReference(reference)).toEqual(expected);
  });

  it('takes standalone numbers of four digits or more when no keyword names one', () => {
    expect(invoiceNumbersInReference('Sitzung 2026004 Neumann')).toEqual(['2026004']);
    expect(invoiceNumbersInReference('Zahlung 123 danke')).toEqual([]);
  });

  it('does not read dates, amounts or IBANs as invoice numbers', () => {
    expect(invoiceNumbersInReference('Behandlung vom 12.03.2026 Betrag 1.234,56')).toEqual([]);
    expect(invoiceNumbersInReference('von DE89370400440532013000')).toEqual([]);
    expect(invoiceNumbersInReference('Betrag 2026,00 EUR')).toEqual([]);
  });

  it('finds nothing in a text without numbers', () => {
    expect(invoiceNumbersInReference('Danke für die Behandlung')).toEqual([]);
  });
});
