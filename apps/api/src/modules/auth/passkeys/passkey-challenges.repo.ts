import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { passkeyChallenges } from '../../../db/schema.js';
import { hashToken } from '../../../lib/tokens.js';

export type PasskeyChallengePurpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

/** Keeps a challenge handed to a browser; `validMs` matches the timeout the browser is given. */
export async function storeChallenge(
  db: Executor,
  values: {
    challenge: string;
    purpose: PasskeyChallengePurpose;
    userId?: number;
    loginChallengeId?: number;
    validMs: number;
  },
): Promise<void> {
  await db.insert(passkeyChallenges).values({
    challengeHash: hashToken(values.challenge),
    purpose: values.purpose,
    userId: values.userId ?? null,
    loginChallengeId: values.loginChallengeId ?? null,
    expiresAt: new Date(Date.now() + values.validMs),
  });
}

/**
 * Takes the challenge the browser signed, if it was handed out for this purpose and has not expired: deleting it
 * makes it single use, also when two answers race.
 */
export async function takeChallenge(db: Executor, challenge: string, purpose: PasskeyChallengePurpose) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challengeHash, hashToken(challenge)),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

export async function deleteExpiredChallenges(db: Executor, now: Date): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
}
