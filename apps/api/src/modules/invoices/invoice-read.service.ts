import { centsToEuros, type InvoiceQuery, Role } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { forTherapist, type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { forbidden } from '../../plugins/errors.js';
import { toInvoiceListItem } from './invoice.view.js';
import { invoiceNotFound, requireActiveInvoice } from './invoice-lookup.js';
import { listInvoices, monthlyTotals } from './invoices.repo.js';
import { readIssuedFile } from './issued-file.js';
import { xrechnungFile } from './xrechnung.service.js';

/**
 * The invoices a list covers (spec §4): a therapist's own whatever therapist they name; an assistant's or owner's
 * practice, or the therapist they name (an id of another practice matches nothing). A caller without a practice
 * has no list (404).
 */
export function invoiceListScope(actor: Actor, therapistId: number | undefined): Scope {
  const scope = scopeOf(actor);
  if (scope.kind !== 'practice') throw invoiceNotFound();
  return therapistId === undefined ? scope : (forTherapist(scope, therapistId) ?? scope);
}

/** GET /invoice (contract, spec §2.7). */
export async function getInvoices(ctx: AppContext, actor: Actor, query: InvoiceQuery) {
  const { rows, total, sumCents } = await listInvoices(
    ctx.db,
    invoiceListScope(actor, query.therapistId),
    {
      from: query.dateStart,
      to: query.dateEnd,
      orderBy: query.orderBy,
      descending: query.descending,
      isOpen: query.open,
      state: query.state,
    },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return {
    list: rows.map(toInvoiceListItem),
    maxItems: total,
    sum: centsToEuros(sumCents),
    currentPage: query.page,
    limit: query.limit,
  };
}

/**
 * GET /invoice/monthly-summary (spec §2.9): euros invoiced per month, newest first, split into what of it has been paid
 * and what is still open, and the totals of the three.
 */
export async function getMonthlySummary(ctx: AppContext, actor: Actor, therapistId?: number) {
  const rows = await monthlyTotals(ctx.db, invoiceListScope(actor, therapistId));
  const sum = (cents: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + cents(row), 0);
  return {
    list: rows.map((row) => ({
      month: row.month,
      amount: centsToEuros(row.cents),
      paid: centsToEuros(row.paidCents),
      open: centsToEuros(row.cents - row.paidCents),
    })),
    total: centsToEuros(sum((row) => row.cents)),
    paid: centsToEuros(sum((row) => row.paidCents)),
    open: centsToEuros(sum((row) => row.cents - row.paidCents)),
  };
}

/**
 * An issued file. Deleted invoices are gone for the staff; the Word file is not for therapist-DRS (spec §6); the
 * XRechnung is made from the frozen document for a business client.
 */
export async function getInvoiceFile(ctx: AppContext, actor: Actor, id: number, type: 'pdf' | 'docx' | 'xrechnung') {
  const row = await requireActiveInvoice(ctx.db, scopeOf(actor), id);
  if (type === 'xrechnung') return xrechnungFile(ctx, actor, row);
  if (type === 'docx' && (actor.roles & Role.THERAPIST_DRS) !== 0) throw forbidden('Keine Berechtigung.');
  return readIssuedFile(ctx, actor, row, type);
}
