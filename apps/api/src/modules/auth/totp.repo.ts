import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { recoveryCodes, userTotp } from '../../db/schema.js';

export async function findTotp(db: Executor, userId: number) {
  const rows = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return rows[0];
}

/** Starts (or starts again) an unconfirmed enrolment; a confirmed one is left alone (false). */
export async function savePendingTotp(db: Executor, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, createdAt: new Date() },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/** Replaces the stored secret with its new form, only if it is still `stored` (a new enrolment wins). */
export async function replaceTotpSecret(db: Executor, userId: number, stored: string, secret: string): Promise<void> {
  await db
    .update(userTotp)
    .set({ secret })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.secret, stored)));
}

/** Confirms the pending enrolment with the time step of its first code; false when there was none to confirm. */
export async function confirmPendingTotp(db: Executor, userId: number, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ confirmedAt: new Date(), lastTimeStep: timeStep })
    .where(and(eq(userTotp.userId, userId), isNull(userTotp.confirmedAt)))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/**
 * Takes a code's time step if it is later than the last one taken: atomic, so one code signs in once even when two
 * sign-ins send it at the same moment.
 */
export async function takeTimeStep(db: Executor, userId: number, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastTimeStep: timeStep })
    .where(
      and(
        eq(userTotp.userId, userId),
        isNotNull(userTotp.confirmedAt),
        or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, timeStep)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function hasConfirmedTotp(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
    .limit(1);
  return rows.length > 0;
}

/** Removes the authenticator and its recovery codes. */
export async function deleteTotpOfUser(db: Executor, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}

export async function replaceRecoveryCodes(db: Executor, userId: number, codeHashes: Uint8Array[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; false when the user has no such unused code. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: Uint8Array): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.left ?? 0);
}
