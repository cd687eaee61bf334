import { euro, germanDate } from './format.js';
import { BOLD, drawLetterHead, drawPageNumbers, LetterFlow, startPdf } from './pdf-letter.js';
import { winAnsiContent } from './win-ansi.js';

/**
 * The platform operator's invoice to a practice for its Praxia plan: one charge of the subscription, already paid.
 * Everything §14 Abs. 4 UStG asks for: both parties' names and addresses, the operator's VAT id, the issue date, a
 * number issued once, the service and its period, the net amount, the rate, the VAT and the gross amount.
 */
export type PlanInvoiceDocument = {
  invoiceNumber: string;
  issueDate: string;
  periodStart: string;
  periodEnd: string;
  /** The day the provider confirmed the payment. */
  paidOn: string;
  operator: { name: string; addressLines: string[]; vatId: string };
  practice: { id: number; name: string; street: string | null; postalCode: string | null; city: string | null };
  description: string;
  taxRatePercent: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
};

const percent = (rate: number) => `${rate} %`;

export function drawPlanInvoicePdf(issued: PlanInvoiceDocument): Promise<Buffer> {
  const doc = winAnsiContent(issued);
  const title = `Rechnung ${doc.invoiceNumber}`;
  const { pdf, finished } = startPdf(title, doc.operator.name);
  const [street = null, town = ''] = doc.operator.addressLines;
  const [postalCode = null, ...city] = town.split(' ');
  const top = drawLetterHead(pdf, {
    practice: {
      name: doc.operator.name,
      street,
      postalCode,
      city: city.join(' ') || null,
      phone: null,
      email: null,
      taxNumber: null,
      logoKey: null,
    },
    returnAddress: [doc.operator.name, ...doc.operator.addressLines].join(' · '),
    recipient: [
      doc.practice.name,
      doc.practice.street ?? '',
      [doc.practice.postalCode, doc.practice.city].filter(Boolean).join(' '),
    ].filter(Boolean),
    facts: [
      ['Rechnungsnummer', doc.invoiceNumber],
      ['Rechnungsdatum', germanDate(doc.issueDate)],
      ['Kundennummer', String(doc.practice.id)],
      ['USt-IdNr.', doc.operator.vatId],
    ],
    logo: null,
  });
  const flow = new LetterFlow(pdf, top, title);
  flow.paragraph(title, { font: BOLD, size: 12, gapAfter: 6 });
  flow.paragraph(`${doc.description}`, { font: BOLD, size: 10, gapAfter: 2 });
  flow.paragraph(`Leistungszeitraum: ${germanDate(doc.periodStart)} bis ${germanDate(doc.periodEnd)}`, {
    size: 9.5,
    gapAfter: 10,
  });
  flow.paragraph(`Nettobetrag: ${euro(doc.netCents)}`, { size: 10 });
  flow.paragraph(`Umsatzsteuer ${percent(doc.taxRatePercent)}: ${euro(doc.taxCents)}`, { size: 10 });
  flow.paragraph(`Rechnungsbetrag: ${euro(doc.grossCents)}`, { font: BOLD, size: 10, gapAfter: 10 });
  flow.paragraph(`Der Betrag wurde am ${germanDate(doc.paidOn)} bezahlt. Vielen Dank!`, { size: 9.5 });
  flow.paragraph('Diese Rechnung wurde elektronisch erstellt und ist ohne Unterschrift gültig.', { size: 9 });
  drawPageNumbers(pdf, title);
  pdf.end();
  return finished;
}
