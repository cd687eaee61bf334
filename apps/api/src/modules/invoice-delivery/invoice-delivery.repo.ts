import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { invoiceDeliveries } from '../../db/schema.js';
import { practiceRows, type Scope } from '../../lib/scope.js';

export type DeliveryRow = typeof invoiceDeliveries.$inferSelect;

/** The links a scope reaches: its practice's. */
const reached = (scope: Scope) => practiceRows(scope, invoiceDeliveries.customerId);

/** The link of a token hash, while it is valid. */
export async function findValidDelivery(
  db: Executor,
  scope: Scope,
  tokenHash: Uint8Array,
  now: Date,
  forUpdate = false,
): Promise<DeliveryRow | undefined> {
  const query = db
    .select()
    .from(invoiceDeliveries)
    .where(and(eq(invoiceDeliveries.tokenHash, tokenHash), gt(invoiceDeliveries.expiresAt, now), reached(scope)))
    .limit(1);
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0];
}

/** A new code replaces the old one and its count of wrong tries; the link's count of codes sent goes on. */
export async function storeDeliveryCode(
  db: Executor,
  scope: Scope,
  id: number,
  codeHash: Uint8Array,
  codeExpiresAt: Date,
) {
  await db
    .update(invoiceDeliveries)
    .set({ codeHash, codeExpiresAt, codeAttempts: 0, codesSent: sql`${invoiceDeliveries.codesSent} + 1` })
    .where(and(eq(invoiceDeliveries.id, id), reached(scope)));
}

/** Counts a wrong try against the code and against the link's whole life. */
export async function countWrongCode(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .update(invoiceDeliveries)
    .set({
      codeAttempts: sql`${invoiceDeliveries.codeAttempts} + 1`,
      wrongTries: sql`${invoiceDeliveries.wrongTries} + 1`,
    })
    .where(and(eq(invoiceDeliveries.id, id), reached(scope)))
    .returning({ attempts: invoiceDeliveries.codeAttempts, wrongTries: invoiceDeliveries.wrongTries });
  return row ?? { attempts: Number.MAX_SAFE_INTEGER, wrongTries: Number.MAX_SAFE_INTEGER };
}

/** The link is dead for good: its code goes, and it opens nothing until it expires. */
export async function lockDelivery(db: Executor, scope: Scope, id: number, at: Date) {
  await db
    .update(invoiceDeliveries)
    .set({ lockedAt: at, codeHash: null, codeExpiresAt: null })
    .where(and(eq(invoiceDeliveries.id, id), reached(scope)));
}

/** The code worked: it is used up, and the download is noted. */
export async function markDelivered(db: Executor, scope: Scope, id: number, at: Date) {
  await db
    .update(invoiceDeliveries)
    .set({ downloadedAt: at, codeHash: null, codeExpiresAt: null, codeAttempts: 0 })
    .where(and(eq(invoiceDeliveries.id, id), reached(scope)));
}

/** Deletes the links past their end, their codes with them. */
export async function deleteExpiredDeliveries(db: Executor, scope: Scope, now: Date): Promise<void> {
  await db.delete(invoiceDeliveries).where(and(lt(invoiceDeliveries.expiresAt, now), reached(scope)));
}
