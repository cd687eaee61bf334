import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { type PracticeScope, practiceRows, type Scope } from '../../lib/scope.js';

export type PaymentRow = typeof payments.$inferSelect;

/** A payment of the scope's practice. */
export async function insertPayment(
  db: Executor,
  practice: PracticeScope,
  values: Omit<typeof payments.$inferInsert, 'customerId'>,
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, customerId: practice.practiceId })
    .returning();
  if (!row) throw new Error('payment insert returned no row');
  return row;
}

/** A payment recorded once: a second call with the same provider id answers the row already there. */
export async function insertPaymentOnce(
  db: Executor,
  practice: PracticeScope,
  values: Omit<typeof payments.$inferInsert, 'customerId'>,
): Promise<PaymentRow> {
  const [inserted] = await db
    .insert(payments)
    .values({ ...values, customerId: practice.practiceId })
    .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] })
    .returning();
  if (inserted) return inserted;
  const existing = await findPaymentByProviderId(db, practice, values.provider, values.providerPaymentId);
  if (!existing) throw new Error('payment neither inserted nor found');
  return existing;
}

export async function findPaymentByProviderId(
  db: Executor,
  scope: Scope,
  provider: PaymentRow['provider'],
  providerPaymentId: string,
) {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerPaymentId, providerPaymentId),
        practiceRows(scope, payments.customerId),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findLatestPayment(db: Executor, practice: PracticeScope) {
  const rows = await db
    .select()
    .from(payments)
    .where(practiceRows(practice, payments.customerId))
    .orderBy(desc(payments.id))
    .limit(1);
  return rows[0];
}

/**
 * Claims an open payment for completion; a second webhook for the same event finds nothing to claim.
 * A claim left behind by a crashed process may be taken over after five minutes.
 */
export async function claimPaymentForCompletion(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'processing', updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, id),
        practiceRows(scope, payments.customerId),
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
  scope: Scope,
  id: number,
  status: PaymentRow['status'],
  onlyIf?: PaymentRow['status'],
): Promise<void> {
  await db
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(payments.id, id),
        practiceRows(scope, payments.customerId),
        onlyIf ? eq(payments.status, onlyIf) : undefined,
      ),
    );
}
