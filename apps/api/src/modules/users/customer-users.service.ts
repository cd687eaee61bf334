import { ErrorCode, hasRole, NO_SELF_DELETE, NO_SELF_DISABLE, Role } from '@praxia/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { userCustomers, users } from '../../db/schema.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { isAdmin } from '../../lib/roles.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, forbidden, notFound } from '../../plugins/errors.js';
import { belongsToPractice, findUserById } from './users.repo.js';

/** Spec people §6: activating, deactivating and deleting staff need an admin or a practice owner. */
function assertCanManageStaff(actor: Actor): void {
  if (!isAdmin(actor) && !hasRole(actor.roles, Role.CUSTOMER_ADMIN)) throw forbidden();
}

// A code of its own, so the web shows the spec's warning rather than the generic refusal (people §8).
const selfRefusal = (detail: string, code: ErrorCode) => new AppError(code, { status: 403, detail });

/** GET /user/customer-user: the practice assignments of the listed users, within the caller's scope. */
export async function listCustomerUsers(ctx: AppContext, actor: Actor, userIds: number[]) {
  if (userIds.length === 0 || (!isAdmin(actor) && actor.practiceId === null)) return { list: [] };
  const list = await ctx.db
    .select({
      id: userCustomers.id,
      userId: userCustomers.userId,
      customerId: userCustomers.customerId,
      deactivated: userCustomers.deactivated,
    })
    .from(userCustomers)
    .where(
      and(
        inArray(userCustomers.userId, userIds),
        isAdmin(actor) ? undefined : eq(userCustomers.customerId, actor.practiceId as number),
      ),
    )
    .orderBy(userCustomers.id);
  return { list };
}

/** PATCH /user/customer-user/{id}: (de)activates one assignment; deactivation ends the user's sessions. */
export async function setCustomerUserDeactivated(ctx: AppContext, actor: Actor, id: number, deactivated: boolean) {
  assertCanManageStaff(actor);
  return withTransaction(ctx, async (tx) => {
    const [link] = await tx.db.select().from(userCustomers).where(eq(userCustomers.id, id)).for('update').limit(1);
    if (!link || (!isAdmin(actor) && link.customerId !== actor.practiceId)) throw notFound('Assignment not found');
    if (link.userId === actor.userId) throw selfRefusal(NO_SELF_DISABLE, ErrorCode.noSelfDisable);
    await tx.db.update(userCustomers).set({ deactivated }).where(eq(userCustomers.id, id));
    if (deactivated) await tx.accounts.deleteSessionsOfUser(tx.db, link.userId);
    return { ...link, deactivated };
  });
}

/** DELETE /user/{id}: soft-deletes a staff user of the caller's practice and ends their sessions. */
export async function deleteStaffUser(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageStaff(actor);
  const target = await findUserById(ctx.db, id);
  const isStaff =
    target && !target.deleted && target.isAccount && (target.roles & ~Role.REGISTERED & ~Role.GUEST) !== 0;
  const inScope = isAdmin(actor) || (await belongsToPractice(ctx.db, actor.practiceId, id));
  if (!target || !isStaff || !inScope) throw notFound('User not found');
  if (id === actor.userId) throw selfRefusal(NO_SELF_DELETE, ErrorCode.noSelfDelete);
  // Only an admin may remove an admin.
  if (hasRole(target.roles, Role.ADMIN) && !isAdmin(actor)) throw notFound('User not found');
  await withTransaction(ctx, async (tx) => {
    await tx.db.update(users).set({ deleted: true }).where(eq(users.id, id));
    await tx.accounts.deleteSessionsOfUser(tx.db, id);
  });
}
