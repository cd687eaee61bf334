import type { userSelfUpdateSchema } from '@praxia/shared';
import { can, hasRole, Role, type User, type UserSelfUpdate } from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../plugins/actor.js';
import { forbidden, notFound } from '../../plugins/errors.js';
import { startEmailChange } from '../auth/auth.service.js';
import { toUserView } from './user.view.js';
import { belongsToPractice, findUserById, updateUser } from './users.repo.js';

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

/**
 * Updates the caller's own profile fields. A new e-mail is not stored yet: a confirmation link
 * goes to the new address (the old one stays until it is confirmed with the password).
 * Editing other users arrives with the user administration.
 */
export async function updateOwnUser(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  changes: z.output<typeof userSelfUpdateSchema>,
  limits: { beforeEmailChange: () => Promise<void> },
): Promise<User> {
  const row = await findUserById(ctx.db, userId);
  if (!row || row.deleted || !(await canSeeUser(ctx, actor, userId))) throw notFound('User not found');
  if (actor.userId !== userId) throw forbidden('Only your own profile can be changed here.');
  const { email, ...fields } = changes;
  if (email && email.toLowerCase() !== row.email.toLowerCase()) {
    await limits.beforeEmailChange();
    await startEmailChange(
      ctx,
      { id: row.id, language: fields.language ?? row.language, firstName: row.firstName },
      email,
    );
  }
  if (Object.keys(fields).length > 0) await updateUser(ctx.db, userId, fields);
  const updated = await findUserById(ctx.db, userId);
  if (!updated) throw notFound('User not found');
  return toUserView(ctx.db, updated);
}
