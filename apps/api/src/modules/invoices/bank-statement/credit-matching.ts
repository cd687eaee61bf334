import type { OpenInvoice } from './bank-entries.repo.js';
import { invoiceNumbersInReference } from './payment-reference.js';

export type Suggestion = { invoice: OpenInvoice; reason: 'reference' | 'amountAndName' | 'name' };

/** Either the one invoice the credit settles exactly, or what the user may choose from. */
export type CreditMatch = { settles: OpenInvoice } | { suggestions: Suggestion[] };

const MAX_SUGGESTIONS = 5;

export const openCents = (invoice: OpenInvoice) => invoice.amountCents - invoice.assignedCents;

/** Lower case without accents and ß as ss: banks often write names in capitals without umlauts. */
const fold = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();

/** Whether the payer's name carries the patient's last name as a word (banks write "NEUMANN, TIM" or "Tim Neumann"). */
function namesPatient(debtorName: string, invoice: OpenInvoice): boolean {
  const lastName = fold(invoice.lastName).trim();
  if (lastName.length < 2) return false;
  return fold(debtorName)
    .split(/[^\p{L}\p{N}-]+/u)
    .includes(lastName);
}

/**
 * Matches one credit: an invoice number in the reference that exactly one open invoice carries, and an amount equal
 * to what is still open on it, settle it. Everything else (a partial payment, another amount, an unknown number,
 * only the payer's name) is left to the user with suggestions: the invoices the reference names, else those with
 * the same open amount and the payer's name, else those with the payer's name.
 */
export function matchCredit(
  credit: { amountCents: number; reference: string; debtorName: string },
  open: OpenInvoice[],
): CreditMatch {
  const numbers = new Set(invoiceNumbersInReference(credit.reference));
  const named = open.filter((invoice) => numbers.has(String(invoice.invoiceNumber)));
  const [only] = named;
  if (named.length === 1 && only && openCents(only) === credit.amountCents) return { settles: only };
  const suggest = (invoices: OpenInvoice[], reason: Suggestion['reason']) => ({
    suggestions: invoices.slice(0, MAX_SUGGESTIONS).map((invoice) => ({ invoice, reason })),
  });
  if (named.length) return suggest(named, 'reference');
  const byName = open.filter((invoice) => namesPatient(credit.debtorName, invoice));
  const sameAmount = byName.filter((invoice) => openCents(invoice) === credit.amountCents);
  if (sameAmount.length) return suggest(sameAmount, 'amountAndName');
  return suggest(byName, 'name');
}
