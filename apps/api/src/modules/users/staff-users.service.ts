import {
  ErrorCode,
  hasRole,
  isPatientAccount,
  PRACTICE_ROLES,
  Role,
  type StaffUser,
  type staffUserCreateSchema,
  THERAPISTS,
  type userPatchSchema,
  ValidationKey as V,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isConstraintViolation } from '../../db/constraint-violation.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { isPlatformScope, practiceScope, type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, forbidden, validationFailed } from '../../plugins/errors.js';
import { findCustomer, updateCustomer } from '../customers/index.js';
import { sendMail, staffInvitationMail } from '../mail/index.js';
import { toStaffUserView } from './staff-user.view.js';
import { assertRoleChoice, toProfileValues } from './staff-user-rules.js';
import {
  findAssignmentsOfUser,
  linkUserToCustomer,
  replaceUserPractice,
  setAssignmentsDeactivated,
} from './user-customers.repo.js';
import { ACTIVATION_EDITORS, findEditableUser, ROLE_EDITORS } from './users.policy.js';
import { findUserById, insertUser, isEmailTaken, type UserRow, updateUser } from './users.repo.js';

/** How long the invitation's set-password link works. */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

const emailTaken = () =>
  new AppError(ErrorCode.emailAlreadyExists, {
    status: 422,
    detail: 'E-mail already exists',
    fields: { email: [V.emailAlreadyExists] },
  });

export async function getStaffUser(ctx: AppContext, actor: Actor, userId: number): Promise<StaffUser> {
  return toStaffUserView(ctx.db, scopeOf(actor), await findEditableUser(ctx, actor, userId));
}

/** The practice staff act for; null for the platform admin and callers without one. */
const ownPractice = (scope: Scope) => (scope.kind === 'practice' ? scope.practiceId : null);

/** The practice a new or edited user may be put into by this actor (the platform admin any, owners their own). */
async function choosePractice(ctx: AppContext, actor: Actor, wanted: number | undefined): Promise<number | undefined> {
  const scope = scopeOf(actor);
  if (wanted === undefined) return ownPractice(scope) ?? undefined;
  const isOwnPractice = hasRole(actor.roles, Role.CUSTOMER_ADMIN) && wanted === ownPractice(scope);
  if (isPlatformScope(scope) || isOwnPractice) {
    const practice = await findCustomer(ctx.db, wanted);
    if (practice && !practice.deletedAt) return wanted;
  }
  throw validationFailed('customerIds', V.invalidValue, 'This practice cannot be chosen');
}

function assertPracticeFits(roles: number, practiceId: number | undefined): void {
  if (hasRole(roles, PRACTICE_ROLES) && practiceId === undefined) {
    throw validationFailed('customerIds', V.practiceRequired, 'Therapists and assistants need a practice');
  }
  if (roles === Role.ADMIN && practiceId !== undefined) {
    throw validationFailed('customerIds', V.adminExclusive, 'Administrators belong to no practice');
  }
}

/**
 * POST /user: an admin creates any staff user, an owner assistants, therapists and DRS therapists of their
 * practice, a therapist assistants for their practice. The new user sets a password through the invitation mail.
 */
export async function createStaffUser(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof staffUserCreateSchema>,
): Promise<StaffUser> {
  assertRoleChoice(input.roles, actor);
  const scope = scopeOf(actor);
  const practiceId = await choosePractice(ctx, actor, input.customerIds?.[0]);
  if (!isPlatformScope(scope) && practiceId !== ownPractice(scope)) {
    throw forbidden('Users are created in your own practice');
  }
  assertPracticeFits(input.roles, practiceId);
  const values = toProfileValues(input, { actor, roles: input.roles });
  const practice = practiceId === undefined ? undefined : await findCustomer(ctx.db, practiceId);
  try {
    const created = await withTransaction(ctx, async (tx) => {
      if (await isEmailTaken(tx.db, input.email)) throw emailTaken();
      const row = await insertUser(tx.db, {
        ...values,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        roles: input.roles,
        passwordHash: null,
        isConfirmed: false,
      });
      if (practiceId !== undefined) {
        await linkUserToCustomer(tx.db, practiceScope(practiceId), row.id);
        // A therapist's calendar works from the first minute.
        if (hasRole(input.roles, THERAPISTS))
          await tx.appointmentTypes.ensureDefaultAppointmentType(tx.db, practiceId, row.id);
      }
      // The reset-password token kind: the invitation link opens the same /password/set page.
      const token = await tx.accounts.issueToken(tx.db, 'passwordReset', row.id, INVITATION_VALID_MS);
      const url = `${ctx.config.publicUrl}/password/set/${token}`;
      await sendMail(tx, staffInvitationMail(row.email, row.language, row.firstName, practice?.name ?? null, url));
      return row;
    });
    return toStaffUserView(ctx.db, scope, created);
  } catch (error) {
    // Two creations with one address at the same moment: the unique index decides.
    if (isConstraintViolation(error, 'users_account_email_unique')) throw emailTaken();
    throw error;
  }
}

type Patch = z.output<typeof userPatchSchema>;
type Hooks = { beforeEmailChange: () => Promise<void> };

const hasFormFields = (patch: Patch) =>
  Object.entries(patch).some(
    ([key, value]) => value !== undefined && key !== 'deactivated' && key !== 'mollieSubscriptionId',
  );

/**
 * PATCH /user/{id}: the user form for oneself and for others (people §5/§6) and the list's row actions
 * (activation, stopping the practice's recurring debit). Everything one request changes commits together.
 */
export async function patchUser(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  patch: Patch,
  hooks: Hooks,
): Promise<StaffUser> {
  const isSelf = actor.userId === userId;
  // A patient's data is their patient record: they change it through PATCH /patient/profile (checked and audited
  // there) and never through the user form, which would bypass both.
  if (isPatientAccount(actor.roles)) throw forbidden('Patients change their data on their profile');
  const isRowAction = patch.deactivated !== undefined || patch.mollieSubscriptionId !== undefined;
  const row = await findEditableUser(ctx, actor, userId);
  if (isRowAction && !hasRole(actor.roles, ACTIVATION_EDITORS)) {
    throw forbidden('Only administrators and practice owners can do this');
  }
  if (patch.deactivated === true && isSelf) {
    throw new AppError(ErrorCode.noSelfDisable, {
      status: 422,
      detail: 'Sie können sich nicht selbst deaktivieren',
      fields: { deactivated: [V.noSelfDisable] },
    });
  }
  const scope = scopeOf(actor);
  const assignments = await findAssignmentsOfUser(ctx.db, scope, userId);
  const currentPractice = assignments[0]?.customerId;

  // Roles are sent only by admins, owners and DRS therapists, and never for oneself; otherwise they are ignored.
  const mayChangeRoles = !isSelf && hasRole(actor.roles, ROLE_EDITORS);
  const roles = mayChangeRoles && patch.roles !== undefined ? patch.roles : row.roles;
  if (roles !== row.roles) assertRoleChoice(roles, actor, row.roles);

  let practiceId = currentPractice;
  const wanted = patch.customerIds?.[0];
  if (patch.customerIds !== undefined && wanted !== currentPractice) {
    if (isSelf || !hasRole(actor.roles, Role.ADMIN | Role.CUSTOMER_ADMIN)) {
      throw forbidden('The practice cannot be changed here');
    }
    practiceId = await choosePractice(ctx, actor, wanted);
  }
  // The practice rule binds what this request changes; a stored user is not refused for an unrelated field.
  if (roles !== row.roles || patch.customerIds !== undefined) assertPracticeFits(roles, practiceId);

  if (patch.email && patch.email.toLowerCase() !== row.email.toLowerCase()) {
    if (!isSelf) throw forbidden('The e-mail address of another user cannot be changed');
    await hooks.beforeEmailChange();
    await ctx.accounts.startEmailChange(
      ctx,
      { id: row.id, language: patch.language ?? row.language, firstName: row.firstName },
      patch.email,
    );
  }
  const { deactivated, mollieSubscriptionId, ...form } = patch;
  const values = hasFormFields(patch)
    ? toProfileValues(form, { actor, roles, current: row, isRoleChange: roles !== row.roles })
    : {};
  if (roles !== row.roles) values.roles = roles;

  if (mollieSubscriptionId === null && currentPractice !== undefined) await stopRecurringDebit(ctx, currentPractice);

  await withTransaction(ctx, async (tx) => {
    if (Object.keys(values).length > 0) await updateUser(tx.db, userId, values);
    if (practiceId !== undefined && practiceId !== currentPractice)
      await replaceUserPractice(tx.db, scope, userId, practiceScope(practiceId));
    if (deactivated !== undefined) await setActivation(tx, scope, row, assignments.length > 0, deactivated);
  });
  const updated = (await findUserById(ctx.db, userId)) as UserRow;
  return toStaffUserView(ctx.db, scope, updated);
}

/**
 * The activation rule of people §4: without practice assignments the user's own flag follows (the spec's "deleted
 * flag"; kept apart from the delete action's, so a deactivated user stays in the list and can be activated again),
 * otherwise every assignment's deactivated flag. Deactivating ends the user's sessions; activating clears both.
 */
async function setActivation(
  tx: AppContext,
  scope: Scope,
  row: UserRow,
  hasAssignments: boolean,
  deactivated: boolean,
) {
  if (hasAssignments) await setAssignmentsDeactivated(tx.db, scope, row.id, deactivated);
  if (!hasAssignments || (!deactivated && row.deactivated)) await updateUser(tx.db, row.id, { deactivated });
  if (deactivated) await tx.accounts.endSessionsOfUser(tx.db, row.id, 'deactivated');
}

/**
 * Stops the card-provider subscription of a practice (the list's 'stop recurring debit'): cancelled at the provider
 * first — if that fails nothing changes — then forgotten.
 */
async function stopRecurringDebit(ctx: AppContext, practiceId: number): Promise<void> {
  const practice = await findCustomer(ctx.db, practiceId);
  if (!practice?.subscriptionId) return;
  if (practice.paymentCustomerId) {
    try {
      await ctx.payments.cancelSubscription({
        paymentCustomerId: practice.paymentCustomerId,
        subscriptionId: practice.subscriptionId,
      });
    } catch (error) {
      ctx.log.error({ err: error, customerId: practiceId }, 'subscription could not be cancelled');
      throw new AppError(ErrorCode.subscriptionCancelFailed, {
        status: 502,
        detail: 'The subscription could not be cancelled; nothing was changed.',
      });
    }
  }
  await updateCustomer(ctx.db, practiceId, { subscriptionId: null });
}
