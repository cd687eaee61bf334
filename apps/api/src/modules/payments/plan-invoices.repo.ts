import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { planInvoices } from '../../db/schema.js';
import { type PracticeScope, practiceRows, type SystemScope } from '../../lib/scope.js';

export type PlanInvoiceRow = typeof planInvoices.$inferSelect;

/** One lock for the platform-wide numbering: two charges paid at once never take the same number. */
const NUMBERING_LOCK = 740_219;

/**
 * The next number of the platform's series, under a lock held until the caller's transaction ends (unlocked: a draft's
 * number, to be checked again under the lock). The series spans every practice, so only the platform itself reads it.
 */
export async function nextPlanInvoiceSequence(
  db: Executor,
  platform: SystemScope,
  options: { isLocked: boolean } = { isLocked: true },
): Promise<number> {
  if (options.isLocked) await db.execute(sql`SELECT pg_advisory_xact_lock(${NUMBERING_LOCK})`);
  const [row] = await db
    .select({ last: sql<number | null>`max(${planInvoices.sequence})` })
    .from(planInvoices)
    .where(practiceRows(platform, planInvoices.customerId));
  return Number(row?.last ?? 0) + 1;
}

export async function findPlanInvoiceOfPayment(db: Executor, practice: PracticeScope, paymentId: number) {
  const rows = await db
    .select()
    .from(planInvoices)
    .where(and(eq(planInvoices.paymentId, paymentId), practiceRows(practice, planInvoices.customerId)))
    .limit(1);
  return rows[0];
}

export async function insertPlanInvoice(
  db: Executor,
  practice: PracticeScope,
  values: Omit<typeof planInvoices.$inferInsert, 'customerId'>,
): Promise<PlanInvoiceRow> {
  const [row] = await db
    .insert(planInvoices)
    .values({ ...values, customerId: practice.practiceId })
    .returning();
  if (!row) throw new Error('plan invoice insert returned no row');
  return row;
}

/** The practice's plan invoices, newest first. */
export function listPlanInvoices(db: Executor, practice: PracticeScope) {
  return db
    .select()
    .from(planInvoices)
    .where(practiceRows(practice, planInvoices.customerId))
    .orderBy(desc(planInvoices.sequence));
}

export async function findPlanInvoice(db: Executor, practice: PracticeScope, id: number) {
  const rows = await db
    .select()
    .from(planInvoices)
    .where(and(eq(planInvoices.id, id), practiceRows(practice, planInvoices.customerId)))
    .limit(1);
  return rows[0];
}
