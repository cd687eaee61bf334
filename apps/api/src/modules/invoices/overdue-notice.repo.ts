import { and, count, desc, eq, max, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { overdueNotices } from '../../db/schema.js';
import type { OverdueNoticeRow } from './invoice-send.repo.js';

const isActive = ne(overdueNotices.state, 'deleted');

/** A page of an invoice's notices that are not deleted, newest first. */
export async function pageNoticesOfInvoice(db: Executor, invoiceId: number, limit: number, page: number) {
  const where = and(eq(overdueNotices.invoiceId, invoiceId), isActive);
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

/** The highest level so far and whether the final notice exists (deleted notices do not count). */
export async function dunningLevelOf(db: Executor, invoiceId: number) {
  const rows = await db
    .select({ type: overdueNotices.type, highest: max(overdueNotices.number) })
    .from(overdueNotices)
    .where(and(eq(overdueNotices.invoiceId, invoiceId), isActive))
    .groupBy(overdueNotices.type);
  return {
    highest: Math.max(0, ...rows.map((row) => row.highest ?? 0)),
    hasFinalNotice: rows.some((row) => row.type === 'notice'),
  };
}

export async function insertNotice(
  db: Executor,
  values: typeof overdueNotices.$inferInsert,
): Promise<OverdueNoticeRow> {
  const [row] = await db.insert(overdueNotices).values(values).returning();
  if (!row) throw new Error('no overdue notice row');
  return row;
}

/** A notice of the practice that is not deleted. */
export async function findActiveNotice(
  db: Executor,
  customerId: number,
  id: number,
  forUpdate = false,
): Promise<OverdueNoticeRow | undefined> {
  const query = db
    .select()
    .from(overdueNotices)
    .where(and(eq(overdueNotices.id, id), eq(overdueNotices.customerId, customerId), isActive))
    .limit(1);
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0];
}

export async function setNoticeState(db: Executor, id: number, state: 'sent' | 'deleted'): Promise<void> {
  await db.update(overdueNotices).set({ state }).where(eq(overdueNotices.id, id));
}
