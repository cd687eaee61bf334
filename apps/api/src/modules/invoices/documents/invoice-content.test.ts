import type { InvoiceDocumentLine } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { euro, germanDate, groupedIban } from './format.js';
import { bankLines, lineCells, practiceLines, signatureLines } from './invoice-content.js';

const line: InvoiceDocumentLine = {
  date: '2026-11-10',
  kind: 'goae',
  code: '812a',
  title: 'Psychotherapeutische Akutbehandlung, je 25 Minuten',
  analogOf: { code: '812', title: 'Psychiatrische Notfallbehandlung' },
  factor: '3.5',
  justification: 'Akute Suizidalität',
  isRemote: true,
  isProbatory: true,
  taxRatePercent: 0,
  netCents: 10_200,
  taxCents: 0,
  grossCents: 10_200,
};

describe('the words of an invoice line (§12 GOÄ)', () => {
  it('prints date, number, the analog note, the marks, the factor with a comma, the reason and the amount', () => {
    expect(lineCells(line)).toEqual({
      date: '10.11.2026',
      code: '812a',
      description: [
        'Psychotherapeutische Akutbehandlung, je 25 Minuten entsprechend Nr. 812 Psychiatrische Notfallbehandlung',
        'per Video, probatorische Sitzung',
      ],
      factor: '3,5',
      amount: '102,00 €',
      justification: 'Begründung für den Faktor 3,5: Akute Suizidalität',
    });
  });

  it('§2 GOÄ: names the fee agreement under a factor above the maximum, after the §12 Abs.3 GOÄ reason', () => {
    expect(lineCells({ ...line, factor: '4.0', feeAgreementDate: '2026-10-01' }).justification).toBe(
      'Begründung für den Faktor 4,0: Akute Suizidalität\nGebührenvereinbarung nach § 2 GOÄ vom 01.10.2026',
    );
  });

  it('§12 Abs.1 UStG: a gross coaching amount names the VAT it contains', () => {
    const cells = lineCells({
      ...line,
      kind: 'coaching',
      code: null,
      factor: null,
      analogOf: null,
      justification: null,
      isRemote: false,
      isProbatory: false,
      taxRatePercent: 19,
      taxIncluded: true,
      netCents: 8403,
      taxCents: 1597,
      grossCents: 10000,
    });
    expect(cells.amount).toBe('84,03 €');
    expect(cells.description[1]).toBe('inkl. 19 % USt. (15,97 €), brutto 100,00 €');
  });

  it('a coaching line has no number or factor and names its VAT rate', () => {
    const coaching = { ...line, kind: 'coaching' as const, code: null, factor: null, analogOf: null };
    const cells = lineCells({
      ...coaching,
      justification: null,
      isRemote: false,
      isProbatory: false,
      taxRatePercent: 19,
    });
    expect(cells).toMatchObject({ code: '', factor: '', justification: null });
    expect(cells.description).toEqual(['Psychotherapeutische Akutbehandlung, je 25 Minuten', 'zzgl. 19 % USt.']);
  });
});

describe('formats', () => {
  it('writes German dates, euro amounts with a plain space and IBANs in groups of four', () => {
    expect(germanDate('2026-01-05')).toBe('05.01.2026');
    expect(euro(123_456)).toBe('1.234,56 €');
    expect(groupedIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});

describe('practice, bank and signature lines', () => {
  const practice = {
    name: 'Praxis Weber',
    street: 'Weg 1',
    postalCode: '10115',
    city: 'Berlin',
    phone: null,
    email: 'p@example.org',
    taxNumber: null,
    logoKey: null,
  };

  it('leave out what the practice has not given (the tax number only when shown)', () => {
    expect(practiceLines(practice)).toEqual(['Praxis Weber', 'Weg 1', '10115 Berlin', 'E-Mail p@example.org']);
    expect(practiceLines({ ...practice, taxNumber: '12/345' }).at(-1)).toBe('Steuernummer 12/345');
  });

  it('name holder, IBAN, BIC when given and the reference', () => {
    const bank = { iban: 'DE89370400440532013000', bic: null, accountHolder: 'Praxis Weber' };
    expect(bankLines(bank, 'Rechnung 7')).toEqual([
      'Kontoinhaber: Praxis Weber',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'Verwendungszweck: Rechnung 7',
    ]);
  });

  it('sign with the therapist’s signature text, else name and job title', () => {
    const therapist = { name: 'Dr. A', jobTitle: 'Psychotherapeutin', signature: null };
    expect(signatureLines({ therapist })).toEqual(['Dr. A', 'Psychotherapeutin']);
    expect(signatureLines({ therapist: { ...therapist, signature: 'Dr. A\nPraxis am Park' } })).toEqual([
      'Dr. A',
      'Praxis am Park',
    ]);
  });

  it('print the qualification line under the name and job title, or under the signature text', () => {
    const therapist = {
      name: 'Dr. A',
      jobTitle: 'Psychotherapeutin',
      signature: null,
      qualification: 'Approbiert (VT)',
    };
    expect(signatureLines({ therapist })).toEqual(['Dr. A', 'Psychotherapeutin', 'Approbiert (VT)']);
    expect(signatureLines({ therapist: { ...therapist, signature: 'Dr. A' } })).toEqual(['Dr. A', 'Approbiert (VT)']);
    expect(signatureLines({ therapist: { ...therapist, signature: 'Dr. A\nApprobiert (VT)' } })).toEqual([
      'Dr. A',
      'Approbiert (VT)',
    ]);
  });
});
