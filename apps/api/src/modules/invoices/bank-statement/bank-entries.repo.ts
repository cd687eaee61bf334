import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { bankStatementEntries, invoices, users } from '../../../db/schema.js';
import { practiceRows, practiceToWrite, type Scope, therapistRows } from '../../../lib/scope.js';
import type { StatementCredit } from './camt-parser.js';

export type BankEntryRow = typeof bankStatementEntries.$inferSelect;

/** An open invoice as the matching weighs it: what is still to be paid after the credits already assigned. */
export type OpenInvoice = {
  id: number;
  invoiceNumber: number;
  amountCents: number;
  assignedCents: number;
  firstName: string;
  lastName: string;
  title: string | null;
};

const assignedCents = sql<number>`coalesce((
  SELECT sum(entry.amount_cents) FROM bank_statement_entries entry WHERE entry.invoice_id = ${invoices.id}), 0)`;

/**
 * The credits not imported before, stored; the others (same key in the practice) are left as they were and are
 * not returned.
 */
export async function insertNewEntries(
  db: Executor,
  scope: Scope,
  credits: StatementCredit[],
  importedBy: number,
): Promise<BankEntryRow[]> {
  if (credits.length === 0) return [];
  const customerId = practiceToWrite(scope);
  return db
    .insert(bankStatementEntries)
    .values(credits.map(({ key, ...credit }) => ({ ...credit, entryKey: key, customerId, importedBy })))
    .onConflictDoNothing({ target: [bankStatementEntries.customerId, bankStatementEntries.entryKey] })
    .returning();
}

export async function findEntriesByKeys(db: Executor, scope: Scope, keys: string[]): Promise<BankEntryRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(bankStatementEntries)
    .where(and(practiceRows(scope, bankStatementEntries.customerId), inArray(bankStatementEntries.entryKey, keys)));
}

/** The credits still waiting for an invoice, newest booking first. */
export async function listUnassignedEntries(db: Executor, scope: Scope): Promise<BankEntryRow[]> {
  return db
    .select()
    .from(bankStatementEntries)
    .where(and(practiceRows(scope, bankStatementEntries.customerId), isNull(bankStatementEntries.invoiceId)))
    .orderBy(desc(bankStatementEntries.bookingDate), desc(bankStatementEntries.id))
    .limit(500);
}

export async function findEntry(db: Executor, scope: Scope, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(bankStatementEntries)
    .where(and(eq(bankStatementEntries.id, id), practiceRows(scope, bankStatementEntries.customerId)));
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function assignEntry(
  db: Executor,
  scope: Scope,
  id: number,
  invoiceId: number,
  matchedBy: 'reference' | 'hand',
) {
  await db
    .update(bankStatementEntries)
    .set({ invoiceId, matchedBy })
    .where(and(eq(bankStatementEntries.id, id), practiceRows(scope, bankStatementEntries.customerId)));
}

/** The credits assigned to an invoice so far: their sum and the latest booking day. */
export async function invoicePayments(db: Executor, scope: Scope, invoiceId: number) {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${bankStatementEntries.amountCents}), 0)`.mapWith(Number),
      lastBooked: sql<string | null>`max(${bankStatementEntries.bookingDate})::text`,
    })
    .from(bankStatementEntries)
    .where(and(eq(bankStatementEntries.invoiceId, invoiceId), practiceRows(scope, bankStatementEntries.customerId)));
  return { cents: row?.cents ?? 0, lastBooked: row?.lastBooked ?? null };
}

/**
 * The invoices a credit may pay: issued, neither paid nor cancelled, of the therapists the scope reaches (never
 * another practice's). Locked when settling, so two imports at once cannot both settle one invoice.
 */
export async function findOpenInvoices(
  db: Executor,
  scope: Scope,
  { ids, lock = false }: { ids?: number[]; lock?: boolean } = {},
): Promise<OpenInvoice[]> {
  const query = db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      amountCents: invoices.amountCents,
      assignedCents: assignedCents.mapWith(Number),
      firstName: users.firstName,
      lastName: users.lastName,
      title: users.title,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.clientId))
    .where(
      and(
        therapistRows(scope, invoices.customerId, invoices.therapistId),
        eq(invoices.kind, 'invoice'),
        eq(invoices.state, 'created'),
        ids ? inArray(invoices.id, ids) : undefined,
      ),
    )
    .orderBy(invoices.invoiceNumber);
  return lock ? query.for('update', { of: invoices }) : query;
}

/** Numbers of the invoices the entries name (to show them), within the scope. */
export async function invoiceNumbersOf(db: Executor, scope: Scope, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(inArray(invoices.id, ids), practiceRows(scope, invoices.customerId)));
  return new Map(rows.map((row) => [row.id, row.invoiceNumber]));
}
