import { hasRole, Role, STAFF } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { forbidden, notFound } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { queueMail, secondFactorsResetMail } from '../mail/index.js';
import { findUserInScope } from '../users/index.js';
import { removeAllPasskeysOfUser } from './passkeys/index.js';
import { deleteTotpOfUser } from './totp.repo.js';

/** Those who manage a practice's staff (activation, deletion): the platform admin and practice owners. */
const STAFF_MANAGERS = Role.ADMIN | Role.CUSTOMER_ADMIN;

/**
 * DELETE /user/{id}/mfa: an owner resets a staff member's second factors (a lost phone), so the member signs in with
 * the password and enrols again. Audited; the member is mailed. Another practice's member answers 404 like a missing
 * one; one's own factors are removed in the profile, with password and code.
 */
export async function resetSecondFactors(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  if (!hasRole(actor.roles, STAFF_MANAGERS)) throw forbidden();
  const target = await findUserInScope(ctx.db, scopeOf(actor), userId);
  const isStaff = target && !target.deleted && target.isAccount && hasRole(target.roles, STAFF);
  // Only an admin reaches an admin.
  if (!target || !isStaff || (hasRole(target.roles, Role.ADMIN) && !hasRole(actor.roles, Role.ADMIN)))
    throw notFound('User not found');
  if (target.id === actor.userId) throw forbidden('Own second factors are removed in the profile');
  await ctx.db.transaction(async (tx) => {
    await deleteTotpOfUser(tx, target.id);
    await removeAllPasskeysOfUser(tx, target.id);
    await recordAudit(tx, {
      actor,
      customerId: actor.practiceId,
      patientId: null,
      action: 'delete',
      resource: 'secondFactors',
      resourceId: target.id,
    });
    await queueMail(tx, secondFactorsResetMail(target.email, target.language, target.firstName));
  });
  void ctx.mail.flush();
}
