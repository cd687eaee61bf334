import { THERAPISTS } from '@praxia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userCustomers, users } from '../../db/schema.js';
import { reachesWholePractice, type Scope } from '../../lib/scope.js';
import { notFound } from '../../plugins/errors.js';

/** Whether the user is an active therapist of the practice. */
export async function isTherapistOfPractice(db: Executor, practiceId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(userCustomers)
    .innerJoin(users, eq(users.id, userCustomers.userId))
    .where(
      and(
        eq(userCustomers.customerId, practiceId),
        eq(userCustomers.userId, userId),
        sql`(${users.roles} & ${THERAPISTS}) <> 0`,
        eq(users.deleted, false),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The therapist a request acts for (spec people §2: assistants act for the therapist selected in the sidebar).
 * A therapist acts for themselves; an assistant or owner for the named therapist of their practice (404 for anyone
 * else, exactly like a missing id), or for the whole practice when none is named and `allowWholePractice`.
 * The platform admin (system scope) may name any therapist.
 */
export async function resolveTherapist(
  db: Executor,
  scope: Scope,
  requested: number | undefined,
  options: { allowWholePractice: boolean },
): Promise<number | null> {
  const practice = scope.kind === 'practice' ? scope : null;
  if (requested === undefined) {
    if (practice?.treats && !(practice.therapistIds === null && options.allowWholePractice)) return practice.userId;
    if (options.allowWholePractice) return null;
    throw notFound('Therapist not found');
  }
  if (scope.kind === 'system') return requested;
  if (!practice) throw notFound('Therapist not found');
  if (requested === practice.userId && practice.treats) return requested;
  if (!reachesWholePractice(practice)) throw notFound('Therapist not found');
  if (!(await isTherapistOfPractice(db, practice.practiceId, requested))) throw notFound('Therapist not found');
  return requested;
}
