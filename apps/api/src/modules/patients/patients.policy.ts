import type { Executor } from '../../db/client.js';
import type { Scope } from '../../lib/scope.js';
import { notFound } from '../../plugins/errors.js';
import { findPatient, type PatientRecordRow } from './patients.repo.js';

/**
 * The patient if the scope reaches them: a patient of the acting practice whose therapist the caller works for
 * (assistants and owners: every therapist; a therapist: their own). Anyone else gets 404, exactly like a missing id.
 */
export async function loadPatient(
  db: Executor,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<PatientRecordRow> {
  const row = await findPatient(db, scope, id, forUpdate);
  if (!row) throw notFound('User not found');
  return row;
}
