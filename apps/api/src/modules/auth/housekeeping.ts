import { lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginChallenges, securityTokens } from '../../db/schema.js';
import { deleteExpiredSessions } from './session.repo.js';

const HOUR_MS = 3_600_000;

/** Removes ended sessions, sign-in attempts and link tokens; they are useless and need not be kept. */
export async function removeExpiredCredentials(db: Database, now: Date = new Date()): Promise<void> {
  await deleteExpiredSessions(db, now);
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  await db
    .delete(securityTokens)
    .where(
      or(lt(securityTokens.expiresAt, now), sql`${securityTokens.usedAt} < ${now}::timestamptz - interval '1 day'`),
    );
}

/** Runs the clean-up hourly; several app nodes may do so at once without harm. */
export function scheduleHousekeeping(db: Database, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void removeExpiredCredentials(db).catch(onError), HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
