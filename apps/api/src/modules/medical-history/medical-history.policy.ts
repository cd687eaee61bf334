import { hasRole, Role } from '@praxia/shared';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { findPatientInPractice, type PatientRecord } from './patient-record.js';

const TREATING = Role.THERAPIST | Role.THERAPIST_DRS;

/**
 * Who may read and write a patient's medical history: the patient's own therapist in the acting practice. That holds
 * for DRS therapists as well: session notes fall under the treating therapist's professional secrecy (§203 StGB), and
 * the DRS role's extra powers (creating users, setting roles) are administrative, not a key to colleagues' records.
 * Everything else (another practice, another therapist's patient, a deleted patient) answers 404 like a missing id.
 */
export async function loadTreatedPatient(db: Executor, actor: Actor, clientId: number): Promise<PatientRecord> {
  const missing = () => notFound('Patient not found');
  if (actor.practiceId === null || !hasRole(actor.roles, TREATING)) throw missing();
  const patient = await findPatientInPractice(db, actor.practiceId, clientId);
  if (!patient || patient.therapistId !== actor.userId) throw missing();
  return patient;
}
