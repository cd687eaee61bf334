import { ErrorCode, hasRole, NO_SELF_DELETE, NO_SELF_DISABLE, Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, forbidden, notFound } from '../../plugins/errors.js';
import { findAssignmentForUpdate, listAssignmentsOfUsers, setAssignmentDeactivated } from './user-customers.repo.js';
import { ACTIVATION_EDITORS } from './users.policy.js';
import { findUserInScope } from './users.repo.js';

/** Spec people §6: activating, deactivating and deleting staff need an admin or a practice owner. */
function assertCanManageStaff(actor: Actor): void {
  if (!hasRole(actor.roles, ACTIVATION_EDITORS)) throw forbidden();
}

// A code of its own, so the web shows the spec's warning rather than the generic refusal (people §8).
const selfRefusal = (detail: string, code: ErrorCode) => new AppError(code, { status: 403, detail });

/** GET /user/customer-user: the practice assignments of the listed users, within the caller's scope. */
export async function listCustomerUsers(ctx: AppContext, actor: Actor, userIds: number[]) {
  if (userIds.length === 0) return { list: [] };
  return { list: await listAssignmentsOfUsers(ctx.db, scopeOf(actor), userIds) };
}

/** PATCH /user/customer-user/{id}: (de)activates one assignment; deactivation ends the user's sessions. */
export async function setCustomerUserDeactivated(ctx: AppContext, actor: Actor, id: number, deactivated: boolean) {
  assertCanManageStaff(actor);
  const scope = scopeOf(actor);
  return withTransaction(ctx, async (tx) => {
    const link = await findAssignmentForUpdate(tx.db, scope, id);
    if (!link) throw notFound('Assignment not found');
    if (link.userId === actor.userId) throw selfRefusal(NO_SELF_DISABLE, ErrorCode.noSelfDisable);
    await setAssignmentDeactivated(tx.db, scope, id, deactivated);
    if (deactivated) await tx.accounts.endSessionsOfUser(tx.db, link.userId, 'deactivated');
    return { ...link, deactivated };
  });
}

/** DELETE /user/{id}: soft-deletes a staff user of the caller's practice and ends their sessions. */
export async function deleteStaffUser(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageStaff(actor);
  const target = await findUserInScope(ctx.db, scopeOf(actor), id);
  const isStaff =
    target && !target.deleted && target.isAccount && (target.roles & ~Role.REGISTERED & ~Role.GUEST) !== 0;
  if (!target || !isStaff) throw notFound('User not found');
  if (id === actor.userId) throw selfRefusal(NO_SELF_DELETE, ErrorCode.noSelfDelete);
  // Only an admin may remove an admin.
  if (hasRole(target.roles, Role.ADMIN) && !hasRole(actor.roles, Role.ADMIN)) throw notFound('User not found');
  await withTransaction(ctx, async (tx) => {
    await tx.db.update(users).set({ deleted: true }).where(eq(users.id, id));
    await tx.accounts.endSessionsOfUser(tx.db, id, 'deactivated');
  });
}
