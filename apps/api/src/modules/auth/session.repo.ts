import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers, patients, sessions, userCustomers, users } from '../../db/schema.js';

export type SessionRow = {
  userId: number;
  roles: number;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  customerIds: number[];
  /** The latest trial end among the user's practices that are still in a trial (null: none). */
  trialExpiresAt: Date | null;
  /** The practice whose patient the user is (a patient's record, not a membership), if any. */
  patientOfPracticeId: number | null;
};

export async function insertSession(
  db: Executor,
  values: { idHash: Uint8Array; userId: number; idleExpiresAt: Date; absoluteExpiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The live session with its user and practices, if the user may still be signed in: one round trip,
 * because it runs before every signed-in request.
 */
export async function findLiveSession(db: Executor, idHash: Uint8Array, now: Date): Promise<SessionRow | undefined> {
  const rows = await db
    .select({
      userId: sessions.userId,
      roles: users.roles,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      customerIds: sql<
        number[]
      >`coalesce(array_agg(${userCustomers.customerId} ORDER BY ${userCustomers.customerId}) FILTER (WHERE ${userCustomers.customerId} IS NOT NULL), '{}')`,
      trialExpiresAt: sql<string | null>`max(${customers.trialExpiresAt})`,
      patientOfPracticeId: sql<number | null>`max(${patients.customerId})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userCustomers, eq(userCustomers.userId, users.id))
    .leftJoin(customers, eq(customers.id, userCustomers.customerId))
    // A deleted record too: the practice still answers (and audits) that patient's calls.
    .leftJoin(patients, eq(patients.userId, users.id))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
        eq(users.deactivated, false),
        eq(users.deleted, false),
      ),
    )
    .groupBy(sessions.idHash, users.id);
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...row,
    customerIds: row.customerIds.map(Number),
    patientOfPracticeId: row.patientOfPracticeId === null ? null : Number(row.patientOfPracticeId),
    trialExpiresAt: row.trialExpiresAt ? new Date(row.trialExpiresAt) : null,
  };
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

/** Ends every session of the practice's users (deactivation). */
export async function deleteSessionsOfPractice(db: Executor, practiceId: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      inArray(
        sessions.userId,
        db.select({ id: userCustomers.userId }).from(userCustomers).where(eq(userCustomers.customerId, practiceId)),
      ),
    );
}
