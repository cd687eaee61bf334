import type { PatientProfile, patientProfileUpdateSchema } from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { type AuditEvent, audited, recordAuditFailure } from '../audit/index.js';
import { toPatientProfileView } from './patient.view.js';
import { findOwnPatient } from './patients.repo.js';
import { applyPatientUpdate } from './patients.service.js';

export type PatientProfileInput = z.output<typeof patientProfileUpdateSchema>;
export type ProfileCaller = { actor: Actor; requestId: string };

/** The signed-in patient's own live record; none (deleted, or a user without one) answers 404. */
async function loadOwnRecord(db: Executor, actor: Actor, forUpdate = false) {
  const row = await findOwnPatient(db, scopeOf(actor), actor.userId, forUpdate);
  if (!row?.user.isAccount) throw notFound('Patient not found');
  return row;
}

// The practice is known once the record is loaded; a refusal before that is logged without one.
const ownEvent = (caller: ProfileCaller, action: 'read' | 'update'): AuditEvent => ({
  actor: caller.actor,
  customerId: null,
  patientId: caller.actor.userId,
  action,
  resource: 'patient',
  resourceId: caller.actor.userId,
  requestId: caller.requestId,
});

/** GET /patient/profile: the patient's contact data, the read audited like any read of a patient record. */
export async function getOwnProfile(ctx: AppContext, caller: ProfileCaller): Promise<PatientProfile> {
  const event = ownEvent(caller, 'read');
  return audited(ctx, event, async () => {
    const row = await loadOwnRecord(ctx.db, caller.actor);
    event.customerId = row.patient.customerId;
    return toPatientProfileView(row);
  });
}

/**
 * PATCH /patient/profile: the staff form's update, limited by the schema to the contact fields, with its audit row in
 * the same transaction; a refusal or failure is audited too.
 */
export async function updateOwnProfile(
  ctx: AppContext,
  caller: ProfileCaller,
  input: PatientProfileInput,
): Promise<PatientProfile> {
  const event = ownEvent(caller, 'update');
  try {
    await withTransaction(ctx, async (tx) => {
      const current = await loadOwnRecord(tx.db, caller.actor, true);
      event.customerId = current.patient.customerId;
      await applyPatientUpdate(tx, caller.actor, current, input);
    });
  } catch (error) {
    await recordAuditFailure(ctx, event, error);
    throw error;
  }
  return toPatientProfileView(await loadOwnRecord(ctx.db, caller.actor));
}
