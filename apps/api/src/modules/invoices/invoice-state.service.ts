import { can, ErrorCode, type INVOICE_PATCH_STATES, type InvoiceListItem, toPracticeIsoDate } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { practiceScope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, forbidden } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { setAppointmentStates } from '../calendar/index.js';
import { buildCancellationDocument } from './invoice-document.builder.js';
import { invoiceFileName, newInvoiceFileKeys, storeIssuedFiles } from './invoice-files.js';
import { requireInvoice, requireInvoiceListItem } from './invoice-lookup.js';
import { allocateInvoiceNumber } from './invoice-numbers.js';
import { type InvoiceRow, insertInvoice, invoiceAppointmentIds, updateInvoice } from './invoices.repo.js';

type PatchState = (typeof INVOICE_PATCH_STATES)[number];

export const stateForbids = (from: string, to: string) =>
  new AppError(ErrorCode.invoiceStateForbids, {
    status: 409,
    detail: `An invoice in state ${from} cannot become ${to}.`,
  });

const audit = (tx: AppContext, actor: Actor, row: InvoiceRow, action: 'update' | 'delete' | 'create', detail = {}) =>
  recordAudit(tx.db, {
    actor,
    customerId: row.customerId,
    patientId: row.clientId,
    action,
    resource: 'invoice',
    resourceId: row.id,
    detail,
  });

/** The billed appointments of an invoice that no longer stands can be invoiced again (spec §4.3). */
async function releaseAppointments(tx: AppContext, row: InvoiceRow) {
  if (row.kind !== 'invoice' || row.state !== 'created') return;
  const appointmentIds = await invoiceAppointmentIds(tx.db, row.id);
  // Freed in the invoice's practice, whether or not the caller works on those calendars.
  await setAppointmentStates(tx.db, practiceScope(row.customerId), appointmentIds, {
    state: 'billable',
    billedAt: null,
  });
}

/**
 * Storno: the invoice becomes cancelled and a cancellation document of its own takes the next number, with the
 * same lines at negative amounts; the appointments become billable again. Its files are drawn after commit.
 */
async function cancelInvoice(tx: AppContext, actor: Actor, row: InvoiceRow): Promise<InvoiceRow> {
  const scope = scopeOf(actor);
  await releaseAppointments(tx, row);
  await updateInvoice(tx.db, scope, row.id, { state: 'cancelled' });
  const invoiceNumber = await allocateInvoiceNumber(tx.db, row.customerId);
  const document = buildCancellationDocument(row.document, invoiceNumber, new Date());
  const cancellation = await insertInvoice(
    tx.db,
    scope,
    {
      therapistId: row.therapistId,
      clientId: row.clientId,
      invoiceNumber,
      kind: 'cancellation',
      cancelsInvoiceId: row.id,
      amountCents: document.totalCents,
      dueDate: document.dueDate,
      document,
      ...newInvoiceFileKeys(row.customerId),
      fileName: invoiceFileName('cancellation', invoiceNumber),
      createdBy: actor.userId,
    },
    [],
  );
  await audit(tx, actor, row, 'update', { state: 'cancelled', cancellationId: cancellation.id });
  await audit(tx, actor, cancellation, 'create', { invoiceNumber, cancels: row.id });
  return cancellation;
}

/** Changes the state; a cancellation answers the new Storno document, whose files are still to be drawn. */
async function applyState(
  tx: AppContext,
  actor: Actor,
  row: InvoiceRow,
  state: PatchState,
): Promise<InvoiceRow | undefined> {
  if (row.state === 'deleted') throw stateForbids(row.state, state);
  switch (state) {
    case 'paid':
    case 'cancelled':
      if (row.state !== 'created' || row.kind !== 'invoice') throw stateForbids(row.state, state);
      if (state === 'cancelled') return cancelInvoice(tx, actor, row);
      break;
    case 'created':
      if (row.state !== 'paid') throw stateForbids(row.state, state);
      break;
    case 'sent':
      // Sent by post: only marks it; the e-mail path counts its sends itself.
      await updateInvoice(tx.db, scopeOf(actor), row.id, { sentAt: row.sentAt ?? new Date() });
      await audit(tx, actor, row, 'update', { sent: true });
      return undefined;
    case 'deleted':
      await deleteLocked(tx, actor, row);
      return undefined;
  }
  // Marked paid by hand it was paid today (German time) as far as we know; back to open it has not been paid.
  const paidAt = state === 'paid' ? toPracticeIsoDate(new Date()) : null;
  await updateInvoice(tx.db, scopeOf(actor), row.id, { state, paidAt });
  await audit(tx, actor, row, 'update', { state });
  return undefined;
}

/**
 * Why an issued document must stay (§14 UStG: a number is issued once and the sequence has no gaps the tax office
 * cannot follow): once sent or paid it exists outside the practice, and a Storno pair documents a correction. Only a
 * created, never sent invoice may be withdrawn; null when it may.
 */
function keepReason(row: InvoiceRow): string | null {
  if (row.kind === 'cancellation')
    return 'Eine Stornorechnung kann nicht gelöscht werden; sie belegt die Korrektur (§ 14 UStG).';
  if (row.state === 'cancelled')
    return 'Eine stornierte Rechnung kann nicht gelöscht werden; sie bleibt mit ihrer Stornorechnung erhalten (§ 14 UStG).';
  if (row.state === 'paid') return 'Eine bezahlte Rechnung kann nicht gelöscht werden (§ 14 UStG).';
  if (row.sentAt !== null || row.sendCount > 0)
    return 'Eine versandte Rechnung kann nicht gelöscht werden (§ 14 UStG). Stornieren Sie sie stattdessen.';
  return null;
}

async function deleteLocked(tx: AppContext, actor: Actor, row: InvoiceRow) {
  if (!can(actor.roles, 'invoice', 'delete')) throw forbidden('Keine Berechtigung.');
  if (row.state === 'deleted') throw stateForbids(row.state, 'deleted');
  const reason = keepReason(row);
  if (reason) throw new AppError(ErrorCode.invoiceNotDeletable, { status: 409, detail: reason });
  await releaseAppointments(tx, row);
  await updateInvoice(tx.db, scopeOf(actor), row.id, { state: 'deleted' });
  await audit(tx, actor, row, 'delete');
}

/** An open invoice becomes paid on the day its (last) bank credit was booked. */
export async function markInvoicePaidOn(tx: AppContext, actor: Actor, row: InvoiceRow, paidAt: string) {
  if (row.state !== 'created' || row.kind !== 'invoice') throw stateForbids(row.state, 'paid');
  await updateInvoice(tx.db, scopeOf(actor), row.id, { state: 'paid', paidAt });
  await audit(tx, actor, row, 'update', { state: 'paid', paidAt });
}

/** PATCH /invoice/{id} (contract, spec §4.3). */
export async function changeInvoiceState(
  ctx: AppContext,
  actor: Actor,
  id: number,
  state: PatchState,
): Promise<InvoiceListItem> {
  const cancellation = await withTransaction(ctx, async (tx) =>
    applyState(tx, actor, await requireInvoice(tx.db, scopeOf(actor), id, true), state),
  );
  if (cancellation) await storeIssuedFiles(ctx, [cancellation]);
  return requireInvoiceListItem(ctx.db, scopeOf(actor), id);
}

/**
 * DELETE /invoice/{id}: only a created, never sent invoice; the row stays with state deleted and is listed so (its
 * number is never reused, §14 UStG); the appointments are freed.
 */
export async function deleteInvoice(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await withTransaction(ctx, async (tx) =>
    deleteLocked(tx, actor, await requireInvoice(tx.db, scopeOf(actor), id, true)),
  );
}
