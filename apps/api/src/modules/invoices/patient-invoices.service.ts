import { centsToEuros, type PatientInvoice } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { invoiceNotFound } from './invoice-lookup.js';
import { readIssuedFile } from './issued-file.js';
import { findOwnInvoice, listOwnInvoices } from './patient-invoices.repo.js';

type Row = Awaited<ReturnType<typeof listOwnInvoices>>[number];

const toPatientInvoice = ({ invoice, therapist }: Row): PatientInvoice => ({
  id: invoice.id,
  invoiceNumber: String(invoice.invoiceNumber),
  kind: invoice.kind,
  createdAt: invoice.createdAt.toISOString(),
  dueDate: invoice.dueDate,
  amount: centsToEuros(invoice.amountCents),
  state: invoice.state,
  therapistName: [therapist.title, therapist.firstName, therapist.lastName].filter(Boolean).join(' '),
  filename: `${invoice.fileName}.pdf`,
});

/** GET /patient/invoices: the invoices the signed-in patient received. */
export async function getOwnInvoices(ctx: AppContext, actor: Actor): Promise<{ list: PatientInvoice[] }> {
  const rows = await listOwnInvoices(ctx.db, scopeOf(actor));
  return { list: rows.map(toPatientInvoice) };
}

/**
 * GET /patient/invoices/{id}/file: the stored PDF of one of them. Signed in, the patient needs no SMS code (that
 * guards the e-mailed link, which anyone holding the mail could open). Anything not theirs answers 404.
 */
export async function getOwnInvoiceFile(ctx: AppContext, actor: Actor, id: number) {
  const row = await findOwnInvoice(ctx.db, scopeOf(actor), id);
  if (!row) throw invoiceNotFound();
  return readIssuedFile(ctx, actor, row, 'pdf', { own: true });
}
