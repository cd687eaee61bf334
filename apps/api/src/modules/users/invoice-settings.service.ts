import { hasRole, Role, THERAPISTS, type TherapistInvoiceSettings } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../plugins/actor.js';
import { forbidden, notFound } from '../../plugins/errors.js';
import { findUserForCaller } from './users.policy.js';
import { type UserRow, updateUser } from './users.repo.js';

/** Therapists edit their own settings; assistants those of therapists in their practice (on their behalf). */
async function findEditableTherapist(ctx: AppContext, actor: Actor, userId: number): Promise<UserRow> {
  const user = await findUserForCaller(ctx, actor, userId, hasRole(actor.roles, Role.SECRETARY));
  if (!user || user.deleted) throw notFound('User not found');
  if (!hasRole(user.roles, THERAPISTS)) throw forbidden('Invoice settings exist for therapists only.');
  return user;
}

const toSettings = (user: UserRow) => ({
  returnAddress: user.returnAddress,
  invoiceSignature: user.invoiceSignature,
  qualificationLine: user.qualificationLine,
  invoiceAssessmentSessions: user.invoiceAssessmentSessions,
  invoicePatientNumber: user.invoicePatientNumber,
  billingApproval: user.billingApproval,
});

export async function getInvoiceSettings(ctx: AppContext, actor: Actor, userId: number) {
  return toSettings(await findEditableTherapist(ctx, actor, userId));
}

export async function saveInvoiceSettings(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  settings: TherapistInvoiceSettings,
) {
  await findEditableTherapist(ctx, actor, userId);
  await updateUser(ctx.db, userId, settings);
  return getInvoiceSettings(ctx, actor, userId);
}
