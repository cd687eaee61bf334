import type { InvoiceDocument, InvoiceDocumentLine } from '@praxia/shared';

// Frozen documents as the invoice builder writes them, for the e-invoice unit tests.

const goae = (date: string, code: string, netCents: number): InvoiceDocumentLine => ({
  date,
  kind: 'goae',
  code,
  title: 'Psychotherapie (Einzelbehandlung)',
  analogOf: null,
  factor: '2.3',
  justification: null,
  isRemote: false,
  isProbatory: false,
  taxRatePercent: 0,
  netCents,
  taxCents: 0,
  grossCents: netCents,
});

export const coachingLine = (date: string, netCents: number, ratePercent: 0 | 19): InvoiceDocumentLine => {
  const taxCents = Math.floor((netCents * ratePercent * 2 + 100) / 200);
  return {
    ...goae(date, '', netCents),
    kind: 'coaching',
    code: null,
    title: 'Business-Coaching',
    factor: null,
    taxRatePercent: ratePercent,
    taxCents,
    grossCents: netCents + taxCents,
  };
};

export const therapyInvoice: InvoiceDocument = {
  kind: 'invoice',
  invoiceNumber: '1042',
  cancels: null,
  issueDate: '2026-11-27',
  dueDate: '2026-12-11',
  paymentTermDays: 14,
  practice: {
    name: 'Praxis am Park',
    street: 'Parkstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    phone: '030 1234567',
    email: 'praxis@example.org',
    taxNumber: '27/123/45678',
    logoKey: null,
  },
  therapist: { name: 'Dr. Anna Berg', jobTitle: 'Psychologische Psychotherapeutin', signature: null },
  returnAddress: 'Praxis am Park, Parkstraße 1, 10115 Berlin',
  recipient: { lines: ['Herr Tim Neumann', 'Lindenweg 4', '10117 Berlin'] },
  patient: { name: 'Tim Neumann', birthday: '1990-04-01', patientNumber: '17' },
  diagnosis: null,
  lines: [goae('2026-11-03', '870', 10_055), goae('2026-11-10', '870', 10_055)],
  taxTotals: [{ group: 'exempt', ratePercent: 0, netCents: 20_110, taxCents: 0, grossCents: 20_110 }],
  taxNotes: ['invoice.taxNote.medicalExemption'],
  totalCents: 20_110,
  paymentModalities: null,
  bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', accountHolder: 'Praxis am Park' },
  remark: null,
};

/** Two coaching sessions with 19 % for a company: 3 × 33,33 € net → 99,99 €, VAT 19,00 € (half up). */
export const businessCoachingInvoice: InvoiceDocument = {
  ...therapyInvoice,
  invoiceNumber: '1043',
  recipient: { lines: ['Muster & Söhne GmbH', 'z. Hd. Frau Łucja Nowak', 'Hafenstraße 9', '20457 Hamburg'] },
  patient: { name: 'Łucja Nowak', birthday: null, patientNumber: null },
  lines: [
    coachingLine('2026-11-04', 3_333, 19),
    coachingLine('2026-11-11', 3_333, 19),
    coachingLine('2026-11-18', 3_333, 19),
  ],
  taxTotals: [{ group: 'standard', ratePercent: 19, netCents: 9_999, taxCents: 1_900, grossCents: 11_899 }],
  taxNotes: [],
  totalCents: 11_899,
};
