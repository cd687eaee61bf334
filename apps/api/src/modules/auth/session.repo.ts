import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers, sessions, userCustomers, users } from '../../db/schema.js';

export type SessionRow = {
  userId: number;
  roles: number;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
};

export async function insertSession(
  db: Executor,
  values: { idHash: Uint8Array; userId: number; idleExpiresAt: Date; absoluteExpiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session with its user, if the user may still be signed in. */
export async function findLiveSession(db: Executor, idHash: Uint8Array, now: Date): Promise<SessionRow | undefined> {
  const rows = await db
    .select({
      userId: sessions.userId,
      roles: users.roles,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
        eq(users.deactivated, false),
        eq(users.deleted, false),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Executor, idHash: Uint8Array, idleExpiresAt: Date): Promise<void> {
  await db.update(sessions).set({ idleExpiresAt }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Executor, idHash: Uint8Array): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteSessionsOfUser(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.idleExpiresAt} <= ${now} OR ${sessions.absoluteExpiresAt} <= ${now}`);
}

/** The practices of a signed-in user with their trial end (the expired-trial rule needs it on every call). */
export async function findPracticesOfUser(db: Executor, userId: number) {
  return db
    .select({ customerId: userCustomers.customerId, trialExpiresAt: customers.trialExpiresAt })
    .from(userCustomers)
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(eq(userCustomers.userId, userId))
    .orderBy(userCustomers.customerId);
}
