import { can, hasRole, Role, type User, type UserSelfUpdate } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { toUserView } from './user.view.js';
import { belongsToPractice, findUserById } from './users.repo.js';

export type { UserSelfUpdate };

/** Whether the actor may see this user: themselves, an admin, or staff of the acting practice. */
export async function canSeeUser(ctx: AppContext, actor: Actor, userId: number): Promise<boolean> {
  if (actor.userId === userId || hasRole(actor.roles, Role.ADMIN)) return true;
  if (!can(actor.roles, 'userList', 'read')) return false;
  return belongsToPractice(ctx.db, actor.practiceId, userId);
}

export async function getVisibleUser(ctx: AppContext, actor: Actor, userId: number): Promise<User> {
  const row = await findUserById(ctx.db, userId);
  // A user the caller may not see answers like a missing one.
  if (!row || row.deleted || !(await canSeeUser(ctx, actor, userId))) throw notFound('User not found');
  return toUserView(ctx.db, row);
}
