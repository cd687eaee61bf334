import { can, type User, type UserSelfUpdate } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { toUserView } from './user.view.js';
import { findUserForCaller } from './users.policy.js';

export type { UserSelfUpdate };

/** A user the actor may see: themselves, or with the user list anyone their scope reaches; others answer 404. */
export async function getVisibleUser(ctx: AppContext, actor: Actor, userId: number): Promise<User> {
  const row = await findUserForCaller(ctx, actor, userId, can(actor.roles, 'userList', 'read'));
  if (!row || row.deleted) throw notFound('User not found');
  return toUserView(ctx.db, scopeOf(actor), row);
}
