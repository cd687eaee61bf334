import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments } from '../../db/schema.js';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned no row');
  return row;
}

export async function findPaymentByProviderId(
  db: Executor,
  provider: PaymentRow['provider'],
  providerPaymentId: string,
) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  return rows[0];
}

export async function findLatestPayment(db: Executor, customerId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.customerId, customerId))
    .orderBy(desc(payments.id))
    .limit(1);
  return rows[0];
}

/**
 * Claims an open payment for completion; a second webhook for the same event finds nothing to claim.
 * A claim left behind by a crashed process may be taken over after five minutes.
 */
export async function claimPaymentForCompletion(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'processing', updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, id),
        or(
          eq(payments.status, 'open'),
          and(eq(payments.status, 'processing'), sql`${payments.updatedAt} < now() - interval '5 minutes'`),
        ),
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

export async function setPaymentStatus(
  db: Executor,
  id: number,
  status: PaymentRow['status'],
  onlyIf?: PaymentRow['status'],
): Promise<void> {
  await db
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(payments.id, id), onlyIf ? eq(payments.status, onlyIf) : undefined));
}
