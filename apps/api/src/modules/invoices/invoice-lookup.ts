import type { InvoiceListItem } from '@praxia/shared';
import type { Executor } from '../../db/client.js';
import type { Scope } from '../../lib/scope.js';
import { notFound } from '../../plugins/errors.js';
import { toInvoiceListItem } from './invoice.view.js';
import { findActiveInvoice, findInvoice, findInvoiceListRow, type InvoiceRow } from './invoices.repo.js';

export const invoiceNotFound = () => notFound('Invoice not found');

/** An invoice the scope reaches, deleted ones too (their state decides what may still happen); else 404. */
export async function requireInvoice(db: Executor, scope: Scope, id: number, forUpdate = false): Promise<InvoiceRow> {
  const row = await findInvoice(db, scope, id, forUpdate);
  if (!row) throw invoiceNotFound();
  return row;
}

/** An invoice the scope reaches that is not deleted; another practice's, another therapist's or a deleted one: 404. */
export async function requireActiveInvoice(
  db: Executor,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<InvoiceRow> {
  const row = await findActiveInvoice(db, scope, id, forUpdate);
  if (!row) throw invoiceNotFound();
  return row;
}

/** An invoice as the list shows it, whatever its state: the answer after a change. */
export async function requireInvoiceListItem(db: Executor, scope: Scope, id: number): Promise<InvoiceListItem> {
  const row = await findInvoiceListRow(db, scope, id);
  if (!row) throw invoiceNotFound();
  return toInvoiceListItem(row);
}
