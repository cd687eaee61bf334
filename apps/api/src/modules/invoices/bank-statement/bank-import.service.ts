import { type BankEntry, type BankStatementImport, centsToEuros, ErrorCode } from '@praxia/shared';
import type { AppContext } from '../../../context.js';
import { withTransaction } from '../../../db/unit-of-work.js';
import { type PracticeScope, scopeOf } from '../../../lib/scope.js';
import type { Actor } from '../../../plugins/actor.js';
import { AppError, notFound } from '../../../plugins/errors.js';
import { requireActiveInvoice } from '../invoice-lookup.js';
import { markInvoicePaidOn, stateForbids } from '../invoice-state.service.js';
import {
  assignEntry,
  type BankEntryRow,
  findEntriesByKeys,
  findEntry,
  findOpenInvoices,
  insertNewEntries,
  invoiceNumbersOf,
  invoicePayments,
  listUnassignedEntries,
  type OpenInvoice,
} from './bank-entries.repo.js';
import { NotAStatementError, parseCamtStatement } from './camt-parser.js';
import { type CreditMatch, matchCredit, openCents } from './credit-matching.js';
import { sampleStatementKey } from './sample-statement.js';

export const notAStatement = (detail = 'Die Datei ist kein Kontoauszug im Format CAMT.053 oder CAMT.054.') =>
  new AppError(ErrorCode.bankStatementInvalid, { status: 422, detail });

const entryNotFound = () => notFound('Bank entry not found');

/** Bank statements are a practice's: a caller without one has none (404, like any other missing record). */
function importScope(actor: Actor): PracticeScope {
  const scope = scopeOf(actor);
  if (scope.kind !== 'practice') throw entryNotFound();
  return scope;
}

const userName = (invoice: OpenInvoice) =>
  [invoice.title, invoice.firstName, invoice.lastName].filter(Boolean).join(' ');

function toBankEntry(
  row: BankEntryRow,
  status: BankEntry['status'],
  numbers: Map<number, number>,
  match?: CreditMatch,
): BankEntry {
  const invoiceNumber = row.invoiceId === null ? undefined : numbers.get(row.invoiceId);
  return {
    id: row.id,
    bookingDate: row.bookingDate,
    amount: centsToEuros(row.amountCents),
    reference: row.reference,
    debtorName: row.debtorName,
    status,
    // An invoice of a therapist the caller does not reach stays unnamed.
    invoiceId: invoiceNumber === undefined ? null : row.invoiceId,
    invoiceNumber: invoiceNumber === undefined ? null : String(invoiceNumber),
    suggestions:
      match && 'suggestions' in match
        ? match.suggestions.map(({ invoice, reason }) => ({
            invoiceId: invoice.id,
            invoiceNumber: String(invoice.invoiceNumber),
            userName: userName(invoice),
            openAmount: centsToEuros(openCents(invoice)),
            reason,
          }))
        : [],
  };
}

/** Settles the invoice when the credits assigned to it cover its amount; paid on the last one's booking day. */
async function settleWhenCovered(tx: AppContext, actor: Actor, invoiceId: number) {
  const invoice = await requireActiveInvoice(tx.db, scopeOf(actor), invoiceId, true);
  const paid = await invoicePayments(tx.db, scopeOf(actor), invoiceId);
  if (paid.cents >= invoice.amountCents && paid.lastBooked)
    await markInvoicePaidOn(tx, actor, invoice, paid.lastBooked);
}

/**
 * POST /invoice/bank-statement: stores the statement's credits not imported before and settles each invoice a
 * credit names by its number with exactly the open amount (paid on the booking day); the rest wait to be assigned
 * by hand. A statement imported again changes nothing and says so.
 */
export async function importBankStatement(ctx: AppContext, actor: Actor, xml: string): Promise<BankStatementImport> {
  const scope = importScope(actor);
  let parsed: ReturnType<typeof parseCamtStatement>;
  try {
    parsed = parseCamtStatement(xml);
  } catch (error) {
    if (error instanceof NotAStatementError) throw notAStatement();
    throw error;
  }
  return withTransaction(ctx, async (tx) => {
    const inserted = await insertNewEntries(tx.db, scope, parsed.credits, actor.userId);
    const insertedKeys = new Set(inserted.map((row) => row.entryKey));
    const duplicates = await findEntriesByKeys(
      tx.db,
      scope,
      parsed.credits.map((credit) => credit.key).filter((key) => !insertedKeys.has(key)),
    );
    const open = await findOpenInvoices(tx.db, scope, { lock: true });
    const results: { row: BankEntryRow; match: CreditMatch }[] = [];
    for (const row of inserted) {
      const match = matchCredit(row, open);
      if ('settles' in match) {
        await assignEntry(tx.db, scope, row.id, match.settles.id, 'reference');
        await settleWhenCovered(tx, actor, match.settles.id);
        // Settled: no later credit of this statement may pay it again.
        open.splice(open.indexOf(match.settles), 1);
        row.invoiceId = match.settles.id;
      }
      results.push({ row, match });
    }
    const numbers = await invoiceNumbersOf(
      tx.db,
      scope,
      [...inserted, ...duplicates].flatMap((row) => (row.invoiceId === null ? [] : [row.invoiceId])),
    );
    const entries = [
      ...results.map(({ row, match }) =>
        toBankEntry(row, 'settles' in match ? 'matched' : 'unassigned', numbers, match),
      ),
      ...duplicates.map((row) => toBankEntry(row, 'duplicate', numbers)),
    ];
    const matched = entries.filter((entry) => entry.status === 'matched').length;
    return {
      entries,
      matched,
      unassigned: entries.filter((entry) => entry.status === 'unassigned').length,
      duplicates: duplicates.length,
      debitsSkipped: parsed.debitCount,
      alreadyImported: inserted.length === 0 && duplicates.length > 0,
    };
  });
}

/** GET /invoice/bank-statement/entries: the credits still waiting for an invoice, with suggestions. */
export async function getUnassignedEntries(ctx: AppContext, actor: Actor) {
  const scope = importScope(actor);
  const rows = await listUnassignedEntries(ctx.db, scope);
  const open = rows.length ? await findOpenInvoices(ctx.db, scope) : [];
  const sample = await ctx.storage.get(sampleStatementKey(scope.practiceId));
  return {
    list: rows.map((row) => toBankEntry(row, 'unassigned', new Map(), matchCredit(row, open))),
    sampleAvailable: sample !== null,
  };
}

/** GET /invoice/bank-statement/sample: a demo practice's sample statement; any other practice has none (404). */
export async function getSampleStatement(ctx: AppContext, actor: Actor): Promise<Buffer> {
  const sample = await ctx.storage.get(sampleStatementKey(importScope(actor).practiceId));
  if (!sample) throw notFound('No sample statement');
  return sample;
}

/**
 * POST /invoice/bank-statement/entries/{id}/assign: the user names the invoice a waiting credit pays. The invoice is
 * paid once its credits cover it (a partial payment leaves it open).
 */
export async function assignBankEntry(
  ctx: AppContext,
  actor: Actor,
  id: number,
  invoiceId: number,
): Promise<BankEntry> {
  const scope = importScope(actor);
  return withTransaction(ctx, async (tx) => {
    const entry = await findEntry(tx.db, scope, id, true);
    if (!entry) throw entryNotFound();
    if (entry.invoiceId !== null) {
      throw new AppError(ErrorCode.bankEntryAssigned, {
        status: 409,
        detail: 'Diese Gutschrift ist bereits einer Rechnung zugeordnet.',
      });
    }
    const [invoice] = await findOpenInvoices(tx.db, scope, { ids: [invoiceId], lock: true });
    // Another practice's, another therapist's or a missing invoice answers 404; a paid or cancelled one 409.
    if (!invoice) {
      // Another practice's, another therapist's or a missing invoice answers 404; a paid or cancelled one 409.
      const row = await requireActiveInvoice(tx.db, scope, invoiceId);
      throw stateForbids(row.state, 'paid');
    }
    await assignEntry(tx.db, scope, id, invoiceId, 'hand');
    await settleWhenCovered(tx, actor, invoiceId);
    const assigned = { ...entry, invoiceId, matchedBy: 'hand' as const };
    return toBankEntry(assigned, 'assigned', await invoiceNumbersOf(tx.db, scope, [invoiceId]));
  });
}
