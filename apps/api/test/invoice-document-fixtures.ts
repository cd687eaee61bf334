import {
  feeAmountCents,
  type InvoiceDocument,
  type InvoiceDocumentLine,
  type OverdueNoticeDocument,
  taxSummary,
} from '@praxia/shared';
import { noticeParagraphs } from '../src/modules/invoices/documents/notice-texts.js';

// Frozen documents as the invoice service issues them, for the document tests and the PDF benchmark.

export const BANK = { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', accountHolder: 'Dr. Miriam Weber' };

const TITLE_870 = 'Verhaltenstherapie, Einzelbehandlung, Dauer mindestens 50 Minuten';
const TITLE_812 =
  'Psychiatrische Notfallbehandlung bei Suizidversuch und anderer psychischer Dekompensation durch sofortige Intervention';

const goae = (line: Partial<InvoiceDocumentLine> & { date: string; code: string; points: number; factor: string }) => {
  const cents = feeAmountCents(line.points, Math.round(Number(line.factor) * 100));
  const { points: _points, ...rest } = line;
  return {
    kind: 'goae',
    title: TITLE_870,
    analogOf: null,
    justification: null,
    isRemote: false,
    isProbatory: false,
    taxRatePercent: 0,
    netCents: cents,
    taxCents: 0,
    grossCents: cents,
    ...rest,
  } satisfies InvoiceDocumentLine;
};

/** 870 at 2,3 (100,55 €), the analog 812a at 2,3 (67,03 €), 870 at 3,0 with its reason (131,15 €). */
export const GOAE_LINES: InvoiceDocumentLine[] = [
  goae({ date: '2026-11-03', code: '870', points: 750, factor: '2.3', isProbatory: true }),
  goae({
    date: '2026-11-10',
    code: '812a',
    points: 500,
    factor: '2.3',
    title: 'Psychotherapeutische Akutbehandlung, je 25 Minuten',
    analogOf: { code: '812', title: TITLE_812 },
    isRemote: true,
  }),
  goae({
    date: '2026-11-17',
    code: '870',
    points: 750,
    factor: '3.0',
    justification: 'Erhöhter Zeitaufwand wegen krisenhafter Zuspitzung mit akuter Suizidalität',
  }),
];

/** A coaching hour of 100,00 € net with 19 % VAT (19,00 €, 119,00 € gross). */
export const COACHING_LINE: InvoiceDocumentLine = {
  date: '2026-11-20',
  kind: 'coaching',
  code: null,
  title: 'Coaching zur beruflichen Neuorientierung (60 Minuten)',
  analogOf: null,
  factor: null,
  justification: null,
  isRemote: false,
  isProbatory: false,
  taxRatePercent: 19,
  netCents: 10_000,
  taxCents: 1_900,
  grossCents: 11_900,
};

const practice = {
  name: 'Praxis für Psychotherapie Weber',
  street: 'Invalidenstraße 12',
  postalCode: '10115',
  city: 'Berlin',
  phone: '030 1234567',
  email: 'praxis@weber-psychotherapie.de',
  taxNumber: '27/123/45678',
  logoKey: null,
};
const therapist = { name: 'Dr. Miriam Weber', jobTitle: 'Psychologische Psychotherapeutin', signature: null };
const recipient = { lines: ['Herrn', 'Jonas Müller', 'Kastanienallee 7', '10435 Berlin'] };

/** The invoice of the document tests: GOÄ lines, a coaching line, the exemption note and a bank account. */
export function invoiceFixture(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = overrides.lines ?? [...GOAE_LINES, COACHING_LINE];
  const summary = taxSummary(
    lines.map((line) =>
      line.kind === 'goae'
        ? { kind: 'therapy' as const, amountCents: line.netCents }
        : { kind: 'coaching' as const, amountCents: line.netCents, tax: line.taxRatePercent > 0 ? 'add' : 'notax' },
    ),
    { smallBusiness: false },
  );
  return {
    kind: 'invoice',
    invoiceNumber: '1042',
    cancels: null,
    issueDate: '2026-11-25',
    dueDate: '2026-12-09',
    paymentTermDays: 14,
    practice,
    therapist,
    returnAddress: 'Praxis Weber · Invalidenstraße 12 · 10115 Berlin',
    recipient,
    patient: { name: 'Jonas Müller', birthday: '1988-04-12', patientNumber: 'P-1007' },
    diagnosis: { code: 'F32.1', title: 'Mittelgradige depressive Episode' },
    lines,
    taxTotals: summary.totals,
    taxNotes: summary.noteKeys,
    totalCents: summary.grossCents,
    paymentModalities: 'Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer.',
    bank: BANK,
    remark: null,
    ...overrides,
  };
}

/** An invoice of `count` lines (870 at 2,3 weekly), to see the table run over pages. */
export function longInvoiceFixture(count: number): InvoiceDocument {
  const lines = Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.UTC(2026, 0, 5 + index * 7)).toISOString().slice(0, 10);
    return goae({ date: day, code: '870', points: 750, factor: '2.3' });
  });
  return invoiceFixture({ lines });
}

export function noticeFixture(type: 'reminder' | 'notice', number: number): OverdueNoticeDocument {
  const invoice = { invoiceNumber: '1042', issueDate: '2026-11-25', dueDate: '2026-12-09', totalCents: 41_773 };
  const dueDate = '2026-12-23';
  return {
    type,
    number,
    issueDate: '2026-12-16',
    dueDate,
    practice,
    therapist,
    returnAddress: 'Praxis Weber · Invalidenstraße 12 · 10115 Berlin',
    recipient,
    invoice,
    salutation: 'Sehr geehrte Frau Dr. Brandt,',
    paragraphs: noticeParagraphs(type, invoice, dueDate, {
      sentReminders: number - 1,
      inDefault: number > 1,
      collectionConsent: false,
    }),
    paymentModalities: null,
    bank: BANK,
  };
}
