import { hasRole, isPatientAccount, Role } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { findUserById, findUserInScope, type UserRow } from './users.repo.js';

/** Roles that may open and edit the user form of other people (people §6; the matrix's userOthers). */
const EDITORS_OF_OTHERS = Role.ADMIN | Role.CUSTOMER_ADMIN | Role.SECRETARY;
/** Roles that may send roles, and only for others (people §6). */
export const ROLE_EDITORS = Role.ADMIN | Role.CUSTOMER_ADMIN | Role.THERAPIST_DRS;
/** Roles that may activate, deactivate and stop a practice's recurring debit from the staff list (people §6). */
export const ACTIVATION_EDITORS = Role.ADMIN | Role.CUSTOMER_ADMIN;

/**
 * The caller themselves, or another staff user their scope reaches (a member of their practice; anyone for the
 * platform admin) when their role lets them reach others at all; undefined otherwise. Another person's patient
 * account is never reached here: a patient's data is their record, read and changed only through the patient routes,
 * which check who treats them and audit it (the platform admin never sees it).
 */
export async function findUserForCaller(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  mayReachOthers: boolean,
): Promise<UserRow | undefined> {
  if (actor.userId === userId) return findUserById(ctx.db, userId);
  if (!mayReachOthers) return undefined;
  const row = await findUserInScope(ctx.db, scopeOf(actor), userId);
  return row && !isPatientAccount(row.roles) ? row : undefined;
}

/**
 * The user the actor may edit: themselves, or for owners and assistants a user of their practice (any user for the
 * platform admin). A user they may not edit, and a deleted one, answers 404 like a missing one; a deactivated user
 * stays reachable (activation from the list).
 */
export async function findEditableUser(ctx: AppContext, actor: Actor, userId: number): Promise<UserRow> {
  const row = await findUserForCaller(ctx, actor, userId, hasRole(actor.roles, EDITORS_OF_OTHERS));
  if (!row || row.deleted || !row.isAccount) throw notFound('User not found');
  return row;
}
