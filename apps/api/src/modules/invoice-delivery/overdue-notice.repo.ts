import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoices, overdueNotices } from '../../db/schema.js';
import { practiceRows, practiceToWrite, type Scope, therapistRows } from '../../lib/scope.js';
import type { InvoiceRow } from '../invoices/index.js';

export type OverdueNoticeRow = typeof overdueNotices.$inferSelect;

const isActive = ne(overdueNotices.state, 'deleted');

/** The invoices a scope reaches; a notice is reached through its invoice. */
const invoiceReached = (scope: Scope) => therapistRows(scope, invoices.customerId, invoices.therapistId);

/** The notices a scope reaches: of its practice, of an invoice it reaches. */
const reached = (scope: Scope) =>
  and(
    practiceRows(scope, overdueNotices.customerId),
    sql`exists (select 1 from ${invoices} where ${invoices.id} = ${overdueNotices.invoiceId} and ${invoiceReached(scope)})`,
  );

/** A page of an invoice's notices that are not deleted, newest first. */
export async function pageNoticesOfInvoice(db: Executor, scope: Scope, invoiceId: number, limit: number, page: number) {
  const where = and(eq(overdueNotices.invoiceId, invoiceId), isActive, reached(scope));
  const rows = await db
    .select()
    .from(overdueNotices)
    .where(where)
    .orderBy(desc(overdueNotices.createdAt), desc(overdueNotices.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await db.select({ value: count() }).from(overdueNotices).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** The notices of an invoice that are not deleted, with what the calendar of dunning needs of each. */
export async function activeNoticesOf(db: Executor, scope: Scope, invoiceId: number) {
  return db
    .select({
      type: overdueNotices.type,
      number: overdueNotices.number,
      state: overdueNotices.state,
      dueDate: overdueNotices.dueDate,
    })
    .from(overdueNotices)
    .where(and(eq(overdueNotices.invoiceId, invoiceId), isActive, reached(scope)));
}
export type NoticeStep = Awaited<ReturnType<typeof activeNoticesOf>>[number];

/** A new notice of the scope's practice. */
export async function insertNotice(
  db: Executor,
  scope: Scope,
  values: Omit<typeof overdueNotices.$inferInsert, 'customerId'>,
): Promise<OverdueNoticeRow> {
  const [row] = await db
    .insert(overdueNotices)
    .values({ ...values, customerId: practiceToWrite(scope) })
    .returning();
  if (!row) throw new Error('no overdue notice row');
  return row;
}

/**
 * A notice that is not deleted, of an invoice in the scope that is not deleted, with that invoice: a notice of an
 * invoice the caller may not see answers like a missing notice. Locking locks the notice only.
 */
export async function findActiveNotice(
  db: Executor,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<{ notice: OverdueNoticeRow; invoice: InvoiceRow } | undefined> {
  const query = db
    .select({ notice: overdueNotices, invoice: invoices })
    .from(overdueNotices)
    .innerJoin(invoices, eq(invoices.id, overdueNotices.invoiceId))
    .where(
      and(
        eq(overdueNotices.id, id),
        isActive,
        practiceRows(scope, overdueNotices.customerId),
        invoiceReached(scope),
        ne(invoices.state, 'deleted'),
      ),
    )
    .limit(1);
  const rows = await (forUpdate ? query.for('update', { of: overdueNotices }) : query);
  return rows[0];
}

export async function setNoticeState(db: Executor, scope: Scope, id: number, state: 'sent' | 'deleted'): Promise<void> {
  await db
    .update(overdueNotices)
    .set({ state })
    .where(and(eq(overdueNotices.id, id), reached(scope)));
}

/** Counts one e-mail send of the notice; the first one sets sentAt, and it is sent. */
export async function recordNoticeSend(db: Executor, scope: Scope, id: number): Promise<OverdueNoticeRow> {
  const [row] = await db
    .update(overdueNotices)
    .set({
      sendCount: sql`${overdueNotices.sendCount} + 1`,
      sentAt: sql`coalesce(${overdueNotices.sentAt}, now())`,
      state: 'sent',
    })
    .where(and(eq(overdueNotices.id, id), reached(scope)))
    .returning();
  if (!row) throw new Error(`overdue notice ${id} vanished`);
  return row;
}
