import { hasRole, THERAPISTS } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../plugins/errors.js';
import { findPublicPractices } from './public-profile.repo.js';
import { findUserById, type UserRow } from './users.repo.js';

/** Whether this user may be shown to guests at all: an active therapist account (never a patient or assistant). */
const isPublicTherapist = (user: UserRow | undefined): user is UserRow =>
  user !== undefined && hasRole(user.roles, THERAPISTS) && user.isAccount && !user.deleted && !user.deactivated;

/** The therapist and their public practices, or undefined when a guest may not see them. */
export async function findPublicTherapist(db: Executor, userId: number) {
  const user = await findUserById(db, userId);
  if (!isPublicTherapist(user)) return undefined;
  const practices = await findPublicPractices(db, userId);
  return practices.length > 0 ? { user, practices } : undefined;
}

/** The avatar of a therapist with a public profile, for guests; anyone else's answers 404 like a missing one. */
export async function getPublicAvatar(ctx: AppContext, userId: number) {
  const found = await findPublicTherapist(ctx.db, userId);
  const key = found?.user.avatarKey;
  const data = key ? await ctx.storage.get(key) : null;
  if (!key || !data) throw notFound('Avatar not found');
  return { data, key };
}
