import type { Executor } from '../../db/client.js';
import { actsForPractice } from '../../lib/roles.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { findPatient, type PatientRecordRow } from './patients.repo.js';

/**
 * The patient if the actor may work on them: a member of the patient's practice (the acting one) who is its
 * assistant or owner, or the treating therapist. Anyone else gets 404, exactly like a missing id.
 */
export async function loadPatientForActor(
  db: Executor,
  actor: Actor,
  id: number,
  forUpdate = false,
): Promise<PatientRecordRow> {
  const row = await findPatient(db, id, forUpdate);
  const allowed =
    row !== undefined &&
    row.patient.customerId === actor.practiceId &&
    (actsForPractice(actor) || row.patient.therapistId === actor.userId);
  if (!row || !allowed) throw notFound('User not found');
  return row;
}
