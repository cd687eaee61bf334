import type { InvoiceDocument, TaxGroup } from '@praxia/shared';
import type { DatevBooking } from './datev-batch.js';

/*
 * What an invoice, a cancellation and a payment book in DATEV's standard charts of accounts. Revenue goes to the
 * account of its tax case: therapy exempt under §4 Nr. 14 UStG to "Steuerfreie Umsätze § 4 Nr. 8 ff. UStG", coaching
 * with 19 % to "Erlöse 19 % USt" (an automatic account: DATEV splits the VAT off the gross amount itself), a §19 UStG
 * small business to "Erlöse als Kleinunternehmer", other revenue without VAT to "Erlöse". The receivable stands on the
 * patient's debtor account, the payment comes in on the bank account.
 */

export type DatevChart = 'SKR03' | 'SKR04';

type ChartAccounts = { revenue: Record<TaxGroup | 'smallBusiness', number>; bank: number };

export const DATEV_ACCOUNTS: Record<DatevChart, ChartAccounts> = {
  SKR03: { revenue: { exempt: 8100, standard: 8400, smallBusiness: 8195, untaxed: 8200 }, bank: 1200 },
  SKR04: { revenue: { exempt: 4100, standard: 4400, smallBusiness: 4185, untaxed: 4200 }, bank: 1800 },
};

/** Debtors are the personal accounts 10000–69999: the patient's number added to 10000, else one collective debtor. */
export const COLLECTIVE_DEBTOR = 10000;
const LAST_DEBTOR = 69999;

export function debtorAccount(patientNumber: number | null): number {
  if (patientNumber === null || patientNumber < 1 || COLLECTIVE_DEBTOR + patientNumber > LAST_DEBTOR) {
    return COLLECTIVE_DEBTOR;
  }
  return COLLECTIVE_DEBTOR + patientNumber;
}

export type IssuedInvoice = { document: InvoiceDocument; patientNumber: number | null };
export type InvoicePayment = {
  invoiceNumber: string;
  paidOn: string;
  amountCents: number;
  patientNumber: number | null;
};

/**
 * An invoice or cancellation: one booking per tax case, debtor against revenue. A cancellation books the same
 * accounts the other way (its amounts are negative) and carries the cancelled invoice's number in Belegfeld 1, so
 * both clear each other on the debtor's open items.
 */
export function invoiceBookings(invoice: IssuedInvoice, chart: DatevChart): DatevBooking[] {
  const { document } = invoice;
  const accounts = DATEV_ACCOUNTS[chart];
  const isSmallBusiness = document.taxNotes.includes('invoice.taxNote.smallBusiness');
  const isCancellation = document.kind === 'cancellation' && document.cancels !== null;
  const label = isCancellation
    ? `Storno ${document.invoiceNumber} zu ${document.cancels?.invoiceNumber} ${document.patient.name}`
    : `Rechnung ${document.invoiceNumber} ${document.patient.name}`;
  return document.taxTotals
    .filter((total) => total.grossCents !== 0)
    .map((total) => ({
      amountCents: Math.abs(total.grossCents),
      side: total.grossCents > 0 ? 'S' : 'H',
      account: debtorAccount(invoice.patientNumber),
      contraAccount:
        total.group === 'untaxed' && isSmallBusiness ? accounts.revenue.smallBusiness : accounts.revenue[total.group],
      date: document.issueDate,
      reference: isCancellation ? (document.cancels?.invoiceNumber ?? '') : document.invoiceNumber,
      secondReference: isCancellation ? document.invoiceNumber : undefined,
      text: label,
    }));
}

/** A payment received: bank against the debtor, under the invoice's number. */
export function paymentBooking(payment: InvoicePayment, chart: DatevChart): DatevBooking {
  return {
    amountCents: payment.amountCents,
    side: 'S',
    account: DATEV_ACCOUNTS[chart].bank,
    contraAccount: debtorAccount(payment.patientNumber),
    date: payment.paidOn,
    reference: payment.invoiceNumber,
    text: `Zahlung Rechnung ${payment.invoiceNumber}`,
  };
}
