import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginChallenges } from '../../db/schema.js';

export async function insertChallenge(db: Executor, values: typeof loginChallenges.$inferInsert): Promise<void> {
  await db.insert(loginChallenges).values(values);
}

export async function findOpenChallenge(db: Executor, tokenHash: Uint8Array, now: Date) {
  const rows = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        isNull(loginChallenges.closedAt),
        gt(loginChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Closes the challenge; false when someone else closed it first (the code is single use). */
export async function closeChallenge(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ closedAt: new Date() })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.closedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** Counts a wrong code atomically and closes the challenge at the limit; returns the new count. */
export async function recordFailedAttempt(db: Executor, id: number, maxAttempts: number): Promise<number> {
  const rows = await db
    .update(loginChallenges)
    .set({
      failedAttempts: sql`${loginChallenges.failedAttempts} + 1`,
      closedAt: sql`CASE WHEN ${loginChallenges.failedAttempts} + 1 >= ${maxAttempts} THEN now() ELSE NULL END`,
    })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.closedAt)))
    .returning({ failedAttempts: loginChallenges.failedAttempts });
  return rows[0]?.failedAttempts ?? maxAttempts;
}
