import type { InvoiceDocument, InvoiceDocumentLine } from '@praxia/shared';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { germanDate } from '../format.js';
import { eInvoiceBuyer } from './buyer.js';
import { lineCategory, vatBreakdown } from './vat-breakdown.js';

// The invoice as UN/CEFACT Cross Industry Invoice (CII, D16B), the syntax EN 16931 binds to and Factur-X / ZUGFeRD
// and XRechnung use, written from the frozen InvoiceDocument alone. Element order follows the D16B schema.

/** en16931 and basic are the Factur-X / ZUGFeRD profiles of the PDF; xrechnung the German CIUS (XML alone). */
export type CiiProfile = 'en16931' | 'basic' | 'xrechnung';

export const GUIDELINES: Record<CiiProfile, string> = {
  en16931: 'urn:cen.eu:en16931:2017',
  basic: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
};

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/**
 * A Storno is a credit note (381), not a corrected invoice (384): it takes back the whole invoice rather than
 * replacing its content, and it names the invoice it cancels (BT-25/26). A credit note carries positive amounts,
 * its type says they are credited (EN 16931: negative amounts are for corrections within an invoice), so the
 * document's negative amounts are turned back.
 */
export const TYPE_CODES = { invoice: '380', cancellation: '381' } as const;

/** Cents → '1234.56' (EN 16931: amounts with at most two decimals), in integer arithmetic. */
export function ciiAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'YYYYMMDD' (date format 102). */
export const ciiDate = (isoDate: string) => isoDate.replaceAll('-', '');

/** The profile of the invoice PDF: EN 16931, or BASIC when the seller's tax number is not on the document. */
export type FacturXProfile = Exclude<CiiProfile, 'xrechnung'>;

export const facturXProfile = (doc: InvoiceDocument): FacturXProfile => (doc.practice.taxNumber ? 'en16931' : 'basic');

export type CiiOptions = {
  profile: CiiProfile;
  /** BT-49, the buyer's e-mail (XRechnung asks for an electronic address); not part of the frozen document. */
  buyerEmail?: string | null;
};

type Context = { doc: InvoiceDocument; options: CiiOptions; sign: number; full: boolean };

const dateTime = (parent: XMLBuilder, name: string, isoDate: string, prefix: 'udt' | 'qdt' = 'udt') =>
  parent.ele(`ram:${name}`).ele(`${prefix}:DateTimeString`, { format: '102' }).txt(ciiDate(isoDate));

const text = (parent: XMLBuilder, name: string, value: string | null | undefined) => {
  if (value?.trim()) parent.ele(`ram:${name}`).txt(value.trim());
};

export function buildCiiXml(doc: InvoiceDocument, options: CiiOptions): string {
  const context: Context = {
    doc,
    options,
    sign: doc.kind === 'cancellation' ? -1 : 1,
    full: options.profile !== 'basic',
  };
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS.rsm, 'rsm:CrossIndustryInvoice', {
    'xmlns:ram': NS.ram,
    'xmlns:qdt': NS.qdt,
    'xmlns:udt': NS.udt,
  });
  const exchange = root.ele('rsm:ExchangedDocumentContext');
  if (options.profile === 'xrechnung') {
    // BT-23: the Peppol billing process, which XRechnung recommends for CII as well.
    exchange.ele('ram:BusinessProcessSpecifiedDocumentContextParameter').ele('ram:ID').txt(PEPPOL_BILLING);
  }
  exchange.ele('ram:GuidelineSpecifiedDocumentContextParameter').ele('ram:ID').txt(GUIDELINES[options.profile]);
  writeHeader(root.ele('rsm:ExchangedDocument'), doc);
  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  for (const [index, line] of doc.lines.entries()) writeLine(transaction, context, line, index + 1);
  writeAgreement(transaction.ele('ram:ApplicableHeaderTradeAgreement'), context);
  writeDelivery(transaction.ele('ram:ApplicableHeaderTradeDelivery'), doc);
  writeSettlement(transaction.ele('ram:ApplicableHeaderTradeSettlement'), context);
  return root.end({ prettyPrint: true });
}

const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

function writeHeader(header: XMLBuilder, doc: InvoiceDocument): void {
  header.ele('ram:ID').txt(doc.invoiceNumber);
  header.ele('ram:TypeCode').txt(TYPE_CODES[doc.kind]);
  dateTime(header, 'IssueDateTime', doc.issueDate);
  const notes = [
    doc.cancels
      ? `Storno der Rechnung Nr. ${doc.cancels.invoiceNumber} vom ${germanDate(doc.cancels.issueDate)}`
      : null,
    `Patient:in: ${doc.patient.name}`,
    doc.remark,
  ];
  for (const note of notes) if (note?.trim()) header.ele('ram:IncludedNote').ele('ram:Content').txt(note.trim());
}

function writeLine(transaction: XMLBuilder, { doc, sign, full }: Context, line: InvoiceDocumentLine, id: number) {
  const item = transaction.ele('ram:IncludedSupplyChainTradeLineItem');
  const document = item.ele('ram:AssociatedDocumentLineDocument');
  document.ele('ram:LineID').txt(String(id));
  // BT-127: the date and what the GOÄ asks to be shown (§ 12 GOÄ: factor, justification, analog reference).
  if (full) document.ele('ram:IncludedNote').ele('ram:Content').txt(lineNote(line));
  const product = item.ele('ram:SpecifiedTradeProduct');
  if (full && line.code) product.ele('ram:SellerAssignedID').txt(`GOÄ ${line.code}`);
  product.ele('ram:Name').txt(line.code ? `GOÄ ${line.code} ${line.title}` : line.title);
  item
    .ele('ram:SpecifiedLineTradeAgreement')
    .ele('ram:NetPriceProductTradePrice')
    .ele('ram:ChargeAmount')
    .txt(ciiAmount(sign * line.netCents));
  item.ele('ram:SpecifiedLineTradeDelivery').ele('ram:BilledQuantity', { unitCode: 'C62' }).txt('1');
  const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
  const category = lineCategory(doc, line);
  const tax = settlement.ele('ram:ApplicableTradeTax');
  tax.ele('ram:TypeCode').txt('VAT');
  tax.ele('ram:CategoryCode').txt(category.code);
  tax.ele('ram:RateApplicablePercent').txt(String(category.ratePercent));
  if (full) {
    // BT-134/135: the session's date as the line's period.
    const period = settlement.ele('ram:BillingSpecifiedPeriod');
    dateTime(period, 'StartDateTime', line.date);
    dateTime(period, 'EndDateTime', line.date);
  }
  settlement
    .ele('ram:SpecifiedTradeSettlementLineMonetarySummation')
    .ele('ram:LineTotalAmount')
    .txt(ciiAmount(sign * line.netCents));
}

function lineNote(line: InvoiceDocumentLine): string {
  return [
    `Leistungsdatum ${germanDate(line.date)}`,
    line.factor ? `Faktor ${line.factor.replace('.', ',')}` : null,
    line.analogOf ? `entsprechend GOÄ-Nr. ${line.analogOf.code} ${line.analogOf.title}` : null,
    line.justification ? `Begründung: ${line.justification}` : null,
    line.isRemote ? 'per Video' : null,
    line.isProbatory ? 'probatorische Sitzung' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

function writeAgreement(agreement: XMLBuilder, { doc, options, full }: Context): void {
  // BT-10: XRechnung requires a buyer reference (a Leitweg-ID for public buyers). No reference is recorded for
  // a patient or company, so the patient number (when the invoice shows it) or else the invoice number is given:
  // both are printed on the PDF, so the buyer can quote them.
  text(agreement, 'BuyerReference', doc.patient.patientNumber ?? doc.invoiceNumber);
  const seller = agreement.ele('ram:SellerTradeParty');
  // BT-29 (BR-CO-26): a buyer's system identifies the seller by an identifier, a legal registration or a VAT id; a
  // practice exempt under §4 Nr. 14 UStG rarely has a VAT id, so the tax number printed on the invoice serves, known
  // to both sides. Without it the invoice also lacks §14 Abs. 4 Nr. 2 UStG (see docs/billing-law.md).
  if (doc.practice.taxNumber) seller.ele('ram:ID').txt(doc.practice.taxNumber);
  seller.ele('ram:Name').txt(doc.practice.name);
  if (full) {
    const contact = seller.ele('ram:DefinedTradeContact');
    contact.ele('ram:PersonName').txt(doc.therapist.name);
    if (doc.practice.phone)
      contact.ele('ram:TelephoneUniversalCommunication').ele('ram:CompleteNumber').txt(doc.practice.phone);
    if (doc.practice.email) contact.ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(doc.practice.email);
  }
  writeAddress(seller, [doc.practice.street], doc.practice.postalCode, doc.practice.city);
  // BT-34: the seller's electronic address, its e-mail.
  if (doc.practice.email) {
    seller.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(doc.practice.email);
  }
  // BT-32: the German tax number (Steuernummer), scheme FC ("fiscal code").
  if (doc.practice.taxNumber) {
    seller.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'FC' }).txt(doc.practice.taxNumber);
  }
  const buyer = eInvoiceBuyer(doc);
  const buyerParty = agreement.ele('ram:BuyerTradeParty');
  buyerParty.ele('ram:Name').txt(buyer.name);
  writeAddress(buyerParty, buyer.addressLines, buyer.postcode, buyer.city);
  if (options.buyerEmail) {
    buyerParty.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(options.buyerEmail);
  }
}

/** A German address (the practice is in Germany; a window address is read as German too, see buyer.ts). */
function writeAddress(party: XMLBuilder, lines: (string | null)[], postcode: string | null, city: string | null) {
  const address = party.ele('ram:PostalTradeAddress');
  text(address, 'PostcodeCode', postcode);
  const [one, two, three] = lines.filter((line): line is string => Boolean(line?.trim()));
  text(address, 'LineOne', one);
  text(address, 'LineTwo', two);
  text(address, 'LineThree', three);
  text(address, 'CityName', city);
  address.ele('ram:CountryID').txt('DE');
}

/** BT-72: the last session's date as the date of supply (the lines carry each session's own date). */
function writeDelivery(delivery: XMLBuilder, doc: InvoiceDocument): void {
  const last = doc.lines
    .map((line) => line.date)
    .sort()
    .at(-1);
  if (last) dateTime(delivery.ele('ram:ActualDeliverySupplyChainEvent'), 'OccurrenceDateTime', last);
}

function writeSettlement(settlement: XMLBuilder, context: Context): void {
  const { doc, sign, full } = context;
  text(settlement, 'PaymentReference', `Rechnung ${doc.cancels?.invoiceNumber ?? doc.invoiceNumber}`);
  settlement.ele('ram:InvoiceCurrencyCode').txt('EUR');
  if (doc.bank) {
    // 58: SEPA credit transfer to the practice's account (BG-16/17), as the PDF and its GiroCode ask.
    const means = settlement.ele('ram:SpecifiedTradeSettlementPaymentMeans');
    means.ele('ram:TypeCode').txt('58');
    const account = means.ele('ram:PayeePartyCreditorFinancialAccount');
    account.ele('ram:IBANID').txt(doc.bank.iban.replace(/\s+/g, ''));
    account.ele('ram:AccountName').txt(doc.bank.accountHolder);
    if (full && doc.bank.bic)
      means.ele('ram:PayeeSpecifiedCreditorFinancialInstitution').ele('ram:BICID').txt(doc.bank.bic);
  }
  const breakdown = vatBreakdown(doc);
  for (const category of breakdown) {
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:CalculatedAmount').txt(ciiAmount(sign * category.taxCents));
    tax.ele('ram:TypeCode').txt('VAT');
    text(tax, 'ExemptionReason', category.reason);
    tax.ele('ram:BasisAmount').txt(ciiAmount(sign * category.basisCents));
    tax.ele('ram:CategoryCode').txt(category.code);
    text(tax, 'ExemptionReasonCode', category.reasonCode);
    tax.ele('ram:RateApplicablePercent').txt(String(category.ratePercent));
  }
  const terms = settlement.ele('ram:SpecifiedTradePaymentTerms');
  terms
    .ele('ram:Description')
    .txt(
      doc.kind === 'cancellation'
        ? 'Der Betrag wird gutgeschrieben.'
        : `Zahlbar innerhalb von ${doc.paymentTermDays} Tagen bis ${germanDate(doc.dueDate)}.`,
    );
  if (doc.kind === 'invoice') dateTime(terms, 'DueDateDateTime', doc.dueDate);
  writeTotals(settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation'), context, breakdown);
  if (doc.cancels) {
    const reference = settlement.ele('ram:InvoiceReferencedDocument');
    reference.ele('ram:IssuerAssignedID').txt(doc.cancels.invoiceNumber);
    dateTime(reference, 'FormattedIssueDateTime', doc.cancels.issueDate, 'qdt');
  }
}

/**
 * BG-22. BR-CO-10: the line total is the sum of the lines; BR-CO-13: the basis is the line total (no allowances);
 * BR-CO-14: the tax total is the sum of the categories' taxes; BR-CO-15: grand = basis + tax. The document's own
 * total must come out the same, else the frozen content is inconsistent and no e-invoice is written.
 */
function writeTotals(totals: XMLBuilder, { doc, sign }: Context, breakdown: ReturnType<typeof vatBreakdown>) {
  const lineTotal = doc.lines.reduce((sum, line) => sum + line.netCents, 0);
  const taxTotal = breakdown.reduce((sum, category) => sum + category.taxCents, 0);
  if (lineTotal + taxTotal !== doc.totalCents) throw new Error('invoice document: totals do not add up');
  totals.ele('ram:LineTotalAmount').txt(ciiAmount(sign * lineTotal));
  totals.ele('ram:TaxBasisTotalAmount').txt(ciiAmount(sign * lineTotal));
  totals.ele('ram:TaxTotalAmount', { currencyID: 'EUR' }).txt(ciiAmount(sign * taxTotal));
  totals.ele('ram:GrandTotalAmount').txt(ciiAmount(sign * doc.totalCents));
  totals.ele('ram:DuePayableAmount').txt(ciiAmount(sign * doc.totalCents));
}
