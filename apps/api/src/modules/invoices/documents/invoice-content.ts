import type { DocumentBank, DocumentPractice, InvoiceDocument, InvoiceDocumentLine, TaxTotal } from '@praxia/shared';
import { taxNoteText } from '@praxia/shared/invoices/tax-note-texts';
import { euro, germanDate, groupedIban } from './format.js';

// The words of an invoice, shared by the PDF and the Word file so both print the same content (German, as issued).

export const documentTitle = (doc: InvoiceDocument) =>
  `${doc.kind === 'cancellation' ? 'Stornorechnung' : 'Rechnung'} Nr. ${doc.invoiceNumber}`;

/** A cancellation names the invoice it cancels (§14c UStG: the corrected document must be identifiable). */
export function cancellationReference(doc: InvoiceDocument): string | null {
  if (!doc.cancels) return null;
  return `Storno der Rechnung Nr. ${doc.cancels.invoiceNumber} vom ${germanDate(doc.cancels.issueDate)}`;
}

/** §14 Abs.4 Nr.1/2 UStG: the supplier's full name and address, and the tax number when the practice shows it. */
export function practiceLines(practice: DocumentPractice): string[] {
  const place = [practice.postalCode, practice.city].filter(Boolean).join(' ');
  return [
    practice.name,
    practice.street,
    place || null,
    practice.phone ? `Tel. ${practice.phone}` : null,
    practice.email ? `E-Mail ${practice.email}` : null,
    practice.taxNumber ? `Steuernummer ${practice.taxNumber}` : null,
  ].filter((line): line is string => Boolean(line));
}

/** The document's own facts beside the address (label, value): date, number and whom the treatment was for. */
export function documentFacts(doc: InvoiceDocument): [string, string][] {
  const facts: [string, string][] = [
    ['Rechnungsdatum', germanDate(doc.issueDate)],
    [doc.kind === 'cancellation' ? 'Stornorechnung Nr.' : 'Rechnungsnummer', doc.invoiceNumber],
    ['Patient:in', doc.patient.name],
  ];
  if (doc.patient.birthday) facts.push(['Geburtsdatum', germanDate(doc.patient.birthday)]);
  if (doc.patient.patientNumber) facts.push(['Patientennummer', doc.patient.patientNumber]);
  return facts;
}

export const introduction = (doc: InvoiceDocument) =>
  doc.kind === 'cancellation'
    ? 'Die folgenden Leistungen werden storniert:'
    : 'Für die folgenden Leistungen erlaube ich mir, Ihnen zu berechnen:';

export function diagnosisText(doc: InvoiceDocument): string | null {
  if (!doc.diagnosis) return null;
  return `Diagnose: ${[doc.diagnosis.code, doc.diagnosis.title].filter(Boolean).join(' ')}`;
}

export const lineFactor = (line: InvoiceDocumentLine) => line.factor?.replace('.', ',') ?? '';

/**
 * The description cell: the service's name, then (§12 Abs.4 GOÄ) 'entsprechend Nr. X Title' for an analog number,
 * the marks (video, probatory session) and the VAT rate of a taxed coaching line.
 */
export function lineDescription(line: InvoiceDocumentLine): string[] {
  const marks = [line.isRemote ? 'per Video' : null, line.isProbatory ? 'probatorische Sitzung' : null].filter(
    (mark): mark is string => mark !== null,
  );
  return [
    // §12 Abs.4 GOÄ: the service performed, 'entsprechend' the number and name of the item it is billed as.
    line.analogOf ? `${line.title} entsprechend Nr. ${line.analogOf.code} ${line.analogOf.title}` : line.title,
    marks.length ? marks.join(', ') : null,
    line.taxRatePercent > 0 ? taxMark(line) : null,
  ].filter((text): text is string => text !== null);
}

/** A taxed line's rate; a gross amount shows the net and tax it contains (§14 Abs.4 Nr.7/8 UStG). */
const taxMark = (line: InvoiceDocumentLine) =>
  line.taxIncluded
    ? `inkl. ${line.taxRatePercent} % USt. (${euro(line.taxCents)}), brutto ${euro(line.grossCents)}`
    : `zzgl. ${line.taxRatePercent} % USt.`;

/**
 * Printed under a line: the reason for a factor above the threshold (§12 Abs.3 GOÄ), exactly as chosen for its entry,
 * and the fee agreement a factor above the maximum rests on (§2 GOÄ).
 */
export function lineJustification(line: InvoiceDocumentLine): string | null {
  const parts = [
    line.justification ? `Begründung für den Faktor ${lineFactor(line)}: ${line.justification}` : null,
    line.feeAgreementDate ? `Gebührenvereinbarung nach § 2 GOÄ vom ${germanDate(line.feeAgreementDate)}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join('\n') : null;
}

/** A line's amount: the net amount; the tax is added per rate in the totals (§14 Abs.4 Nr.7/8 UStG). */
export const lineAmount = (line: InvoiceDocumentLine) => euro(line.netCents);

export const TABLE_HEADINGS = ['Datum', 'GOÄ-Nr.', 'Leistung', 'Faktor', 'Betrag'] as const;

export function lineCells(line: InvoiceDocumentLine) {
  return {
    date: germanDate(line.date),
    code: line.code ?? '',
    description: lineDescription(line),
    factor: lineFactor(line),
    amount: lineAmount(line),
    justification: lineJustification(line),
  };
}

const GROUP_LABELS: Record<TaxTotal['group'], (rate: number) => string> = {
  exempt: () => 'Umsatzsteuerfrei (§ 4 Nr. 14a UStG)',
  standard: (rate) => `${rate} % USt.`,
  untaxed: () => 'Ohne Umsatzsteuer (§ 19 UStG)',
};

/** One row per tax rate with net, tax and gross (§14 Abs.4 Nr.8 UStG). */
export const TOTALS_HEADINGS = ['', 'Netto', 'USt.', 'Brutto'] as const;
export const taxTotalRows = (doc: InvoiceDocument) =>
  doc.taxTotals.map((total) => [
    GROUP_LABELS[total.group](total.ratePercent),
    euro(total.netCents),
    euro(total.taxCents),
    euro(total.grossCents),
  ]);

export const totalLabel = (doc: InvoiceDocument) =>
  doc.kind === 'cancellation' ? 'Stornobetrag gesamt' : 'Rechnungsbetrag gesamt';

export const taxNoteLines = (doc: InvoiceDocument) => doc.taxNotes.map((key) => taxNoteText(key));

/**
 * §286 Abs.3 BGB: a consumer defaults 30 days after due date and receipt without a reminder only when the invoice
 * says so. Printed on every invoice: for a business debtor the same rule holds without the notice.
 */
export const DEFAULT_NOTICE =
  'Sie kommen spätestens 30 Tage nach Fälligkeit und Zugang dieser Rechnung in Verzug, ohne dass es einer Mahnung bedarf (§ 286 Abs. 3 BGB).';

/** The payment paragraph: due date, the practice's modalities and its remark for the patient. */
export function paymentLines(doc: InvoiceDocument): string[] {
  const lines: string[] = [];
  const reference = cancellationReference(doc);
  if (reference) lines.push(`Diese Stornorechnung hebt die Rechnung Nr. ${doc.cancels?.invoiceNumber} auf.`);
  else lines.push(`Zahlbar bis ${germanDate(doc.dueDate)} ohne Abzug (${doc.paymentTermDays} Tage).`);
  if (doc.defaultNotice && !reference) lines.push(DEFAULT_NOTICE);
  if (doc.paymentModalities && !reference) lines.push(doc.paymentModalities);
  if (doc.remark) lines.push(doc.remark);
  return lines;
}

/** The transfer details, with the invoice number as the reference the GiroCode carries too. */
export function bankLines(bank: DocumentBank, reference: string): string[] {
  return [
    `Kontoinhaber: ${bank.accountHolder}`,
    `IBAN: ${groupedIban(bank.iban)}`,
    ...(bank.bic ? [`BIC: ${bank.bic}`] : []),
    `Verwendungszweck: ${reference}`,
  ];
}

export const remittanceText = (invoiceNumber: string) => `Rechnung ${invoiceNumber}`;

/**
 * The signature block: the therapist's invoice signature text, else name and job title; the qualification line
 * under either (unless the signature text already holds it).
 */
export function signatureLines(doc: Pick<InvoiceDocument, 'therapist'>): string[] {
  const { signature, qualification } = doc.therapist;
  const lines = signature ? signature.split('\n') : [doc.therapist.name, doc.therapist.jobTitle];
  if (qualification && !signature?.includes(qualification)) lines.push(qualification);
  return lines.filter((line): line is string => Boolean(line));
}
