import { hasRole, Role } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { isAdmin } from '../../lib/roles.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { belongsToPractice, findUserById, type UserRow } from './users.repo.js';

/** Roles that may open and edit the user form of other people (people §6; the matrix's userOthers). */
const EDITORS_OF_OTHERS = Role.ADMIN | Role.CUSTOMER_ADMIN | Role.SECRETARY;
/** Roles that may send roles, and only for others (people §6). */
export const ROLE_EDITORS = Role.ADMIN | Role.CUSTOMER_ADMIN | Role.THERAPIST_DRS;
/** Roles that may activate, deactivate and stop a practice's recurring debit from the staff list (people §6). */
export const ACTIVATION_EDITORS = Role.ADMIN | Role.CUSTOMER_ADMIN;

/** Self, an admin, or an owner or assistant for a user of the acting practice. */
export async function canEditUser(ctx: AppContext, actor: Actor, userId: number): Promise<boolean> {
  if (actor.userId === userId || isAdmin(actor)) return true;
  if (!hasRole(actor.roles, EDITORS_OF_OTHERS)) return false;
  return belongsToPractice(ctx.db, actor.practiceId, userId);
}

/**
 * The user the actor may edit; a user they may not edit answers 404 like a missing one. Deleted users stay
 * reachable only where `includeDeleted` says so (reactivation from the list).
 */
export async function findEditableUser(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  options: { includeDeleted?: boolean } = {},
): Promise<UserRow> {
  const row = await findUserById(ctx.db, userId);
  const isHidden = !row || (row.deleted && !options.includeDeleted) || !row.isAccount;
  if (isHidden || !(await canEditUser(ctx, actor, userId))) throw notFound('User not found');
  return row;
}
