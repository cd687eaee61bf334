import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pushSubscriptions, serverKeys } from '../../db/schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Stores a browser's subscription; the endpoint identifies the browser, so a re-subscription replaces it. */
export async function upsertSubscription(
  db: Executor,
  values: { userId: number; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth },
    });
}

export async function findSubscriptionsOfUser(db: Executor, userId: number): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Removes one browser's subscription of the user, or all of them without an endpoint. */
export async function deleteSubscriptions(db: Executor, userId: number, endpoint?: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), endpoint ? eq(pushSubscriptions.endpoint, endpoint) : undefined));
}

export async function deleteSubscriptionById(db: Executor, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function readServerKey(db: Executor, name: string): Promise<string | undefined> {
  const rows = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, name));
  return rows[0]?.value;
}

/** Stores a key unless one exists (two processes starting together keep the first). */
export async function insertServerKeyIfMissing(db: Executor, name: string, value: string): Promise<void> {
  await db.insert(serverKeys).values({ name, value }).onConflictDoNothing();
}
