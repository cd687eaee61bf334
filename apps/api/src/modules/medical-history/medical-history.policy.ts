import type { Executor } from '../../db/client.js';
import { forTherapist, type PracticeScope, type Scope } from '../../lib/scope.js';
import { notFound } from '../../plugins/errors.js';
import { findPatientRecord, type PatientRecord } from './patient-record.js';

/**
 * Who may read and write a patient's medical history: the patient's own therapist in the acting practice. That holds
 * for DRS therapists as well: session notes fall under the treating therapist's professional secrecy (§203 StGB), and
 * the DRS role's extra powers (creating users, setting roles) are administrative, not a key to colleagues' records.
 * So the caller's scope narrows to their own patients, whoever else it reaches; null for a caller who treats no one.
 */
function treatingScope(scope: Scope): PracticeScope | null {
  const own = scope.kind === 'practice' && scope.treats ? forTherapist(scope, scope.userId) : null;
  return own?.kind === 'practice' ? own : null;
}

/**
 * The patient whose history the caller keeps; everything else (another practice, another therapist's patient, a
 * deleted patient) answers 404 like a missing id.
 */
export async function loadTreatedPatient(db: Executor, scope: Scope, clientId: number): Promise<PatientRecord> {
  const own = treatingScope(scope);
  const patient = own ? await findPatientRecord(db, own, clientId) : undefined;
  if (!patient) throw notFound('Patient not found');
  return patient;
}
