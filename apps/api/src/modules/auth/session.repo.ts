import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers, patients, sessions, userCustomers, users } from '../../db/schema.js';
import { practiceRows, type Scope, type SystemScope } from '../../lib/scope.js';
import type { SessionEndedBy, SessionEndReason } from '../../plugins/actor.js';

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
  /** A practice the user works in (not one they are a patient of) requires a strong second factor. */
  isSecondFactorRequired: boolean;
};

export async function insertSession(
  db: Executor,
  values: { idHash: Uint8Array; userId: number; idleExpiresAt: Date; absoluteExpiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The live session with its user and practices, if the user may still be signed in: one round trip,
 * because it runs before every signed-in request. It runs before the caller is known, so as the system: the
 * caller's scope is made of the practices it reads.
 */
export async function findLiveSession(
  db: Executor,
  scope: SystemScope,
  idHash: Uint8Array,
  now: Date,
): Promise<SessionRow | undefined> {
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
      isSecondFactorRequired: sql<boolean>`coalesce(bool_or(${customers.requireTwoFactor}), false)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userCustomers, and(eq(userCustomers.userId, users.id), practiceRows(scope, userCustomers.customerId)))
    .leftJoin(customers, eq(customers.id, userCustomers.customerId))
    // A deleted record too: the practice still answers (and audits) that patient's calls.
    .leftJoin(patients, and(eq(patients.userId, users.id), practiceRows(scope, patients.customerId)))
    .where(
      and(
        eq(sessions.idHash, idHash),
        isNull(sessions.endedReason),
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

// The idle deadline is renewed with up to this much slack, and never beyond the absolute one.
const RENEW_SLACK_MS = 60_000;

/**
 * Why the session of a cookie that found no live session ended; only asked on that path. A row that is gone was
 * removed by housekeeping after a timeout: taken as inactivity, the usual case. A session that timed out ended at its
 * absolute lifetime when its idle deadline had been renewed up to it (it was in use), else by inactivity.
 */
export async function findSessionEndReason(db: Executor, idHash: Uint8Array, now: Date): Promise<SessionEndReason> {
  const [row] = await db
    .select({
      endedReason: sessions.endedReason,
      idleExpiresAt: sessions.idleExpiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      userGone: sql<boolean>`${users.deactivated} OR ${users.deleted}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash));
  if (!row) return 'inactivity';
  if (row.endedReason) return row.endedReason;
  if (row.userGone) return 'deactivated';
  const usedToTheEnd = row.idleExpiresAt.getTime() >= row.absoluteExpiresAt.getTime() - RENEW_SLACK_MS;
  return row.absoluteExpiresAt <= now && usedToTheEnd ? 'lifetime' : 'inactivity';
}

/** Ends one session (a new sign-in in the same browser, a logout); kept until its deadlines pass. */
export async function endSession(db: Executor, idHash: Uint8Array, reason: SessionEndedBy): Promise<void> {
  await db.update(sessions).set({ endedReason: reason }).where(eq(sessions.idHash, idHash));
}

/** Ends every live session of the user (password changed or reset, deactivation, deletion). */
export async function endSessionsOfUser(db: Executor, userId: number, reason: SessionEndedBy): Promise<void> {
  await db
    .update(sessions)
    .set({ endedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedReason)));
}

/** Removes sessions past a deadline: their cookies have expired too, so nobody can ask why they ended. */
export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.idleExpiresAt} <= ${now} OR ${sessions.absoluteExpiresAt} <= ${now}`);
}

/** Ends every session of the practice's users (deactivation), for a practice the scope reaches. */
export async function endSessionsOfPractice(db: Executor, scope: Scope, practiceId: number): Promise<void> {
  const members = db
    .select({ id: userCustomers.userId })
    .from(userCustomers)
    .where(and(eq(userCustomers.customerId, practiceId), practiceRows(scope, userCustomers.customerId)));
  await db
    .update(sessions)
    .set({ endedReason: 'deactivated' })
    .where(and(inArray(sessions.userId, members), isNull(sessions.endedReason)));
}
