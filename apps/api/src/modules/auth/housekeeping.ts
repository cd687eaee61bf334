import { lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { loginChallenges, securityTokens } from '../../db/schema.js';
import { deleteExpiredChallenges } from './passkeys/passkey-challenges.repo.js';
import { deleteExpiredSessions } from './session.repo.js';

/** Removes ended sessions, sign-in attempts and link tokens; they are useless and need not be kept. */
export async function removeExpiredCredentials(db: Database, now: Date = new Date()): Promise<void> {
  await deleteExpiredSessions(db, now);
  await deleteExpiredChallenges(db, now);
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  await db
    .delete(securityTokens)
    .where(
      or(lt(securityTokens.expiresAt, now), sql`${securityTokens.usedAt} < ${now}::timestamptz - interval '1 day'`),
    );
}

/** Hourly; the hourly jobs start at different minutes so they do not all meet the database at once. */
export function scheduleHousekeeping(ctx: AppContext): void {
  ctx.jobs.schedule('credentials-housekeeping', '5 * * * *', () => removeExpiredCredentials(ctx.db));
}
