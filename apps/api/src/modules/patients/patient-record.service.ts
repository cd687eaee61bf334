import {
  can,
  type FeeDefault,
  type FeeDefaultEntry,
  type Patient,
  PatientValidationKey,
  type patientRecordCreateSchema,
  type patientRecordUpdateSchema,
  type UserDiagnosis,
} from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { validationFailed } from '../../plugins/errors.js';
import {
  addDiagnosis,
  addFeeDefault,
  readDiagnoses,
  readFeeDefaults,
  removeDiagnoses,
  removeFeeDefaults,
} from '../records/index.js';
import { toPatientView } from './patient.view.js';
import { loadPatient } from './patients.policy.js';
import { updatePatient } from './patients.repo.js';
import { applyPatientUpdate, changePatient, insertPatientRecord } from './patients.service.js';

type RecordLists = Pick<z.output<typeof patientRecordUpdateSchema>, 'diagnoses' | 'feeDefaults'>;
export type PatientRecord = { patient: Patient; diagnoses: UserDiagnosis[]; feeDefaults: FeeDefault[] };

/**
 * Spec people §4, second and third step, inside the patient's transaction: fee defaults and diagnoses synced by
 * comparing the stored lists with the form's (kept by id, new ones created, missing ones deleted), then the
 * default diagnosis set. An id that is not the patient's is a 422, and nothing of the save stays.
 */
async function syncLists(tx: AppContext, actor: Actor, patientId: number, lists: RecordLists) {
  const scope = scopeOf(actor);
  const patient = await loadPatient(tx.db, scope, patientId, true);
  const storedFees = await readFeeDefaults(tx, scope, patient);
  const keptFees = new Set(lists.feeDefaults.flatMap((entry) => ('id' in entry ? [entry.id] : [])));
  if ([...keptFees].some((id) => !storedFees.some((fee) => fee.id === id))) {
    throw validationFailed('feeDefaults', 'error.invalidValue');
  }
  await removeFeeDefaults(
    tx,
    actor,
    patient,
    storedFees.filter((fee) => !keptFees.has(fee.id)).map((fee) => fee.id),
  );
  for (const [index, entry] of lists.feeDefaults.entries()) {
    if ('id' in entry) continue;
    await addFeeDefault(tx, actor, patient, entry as FeeDefaultEntry, (field) => `feeDefaults.${index}.${field}`);
  }

  // The diagnosis card shows only with the diagnosis permission (spec people §6); owners without it keep them as they are.
  if (!can(actor.roles, 'diagnosis', 'edit')) return;
  const storedDiagnoses = await readDiagnoses(tx, scope, patient);
  const keptDiagnoses = new Set(lists.diagnoses.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])));
  if ([...keptDiagnoses].some((id) => !storedDiagnoses.some((diagnosis) => diagnosis.id === id))) {
    throw validationFailed('diagnoses', 'error.invalidValue');
  }
  const defaults = lists.diagnoses.filter((entry) => entry.isDefault);
  // Spec people §5: with at least one diagnosis, exactly one is the default.
  if (lists.diagnoses.length > 0 && defaults.length !== 1) {
    throw validationFailed('defaultUserDiagnosisId', PatientValidationKey.defaultDiagnosisRequired);
  }
  let defaultId: number | null = null;
  for (const entry of lists.diagnoses) {
    const id = entry.id ?? (await addDiagnosis(tx, actor, patient, entry)).id;
    if (entry.isDefault) defaultId = id;
  }
  await updatePatient(tx.db, scope, patientId, { defaultUserDiagnosisId: defaultId });
  await removeDiagnoses(
    tx,
    actor,
    patient,
    storedDiagnoses.filter((diagnosis) => !keptDiagnoses.has(diagnosis.id)).map((diagnosis) => diagnosis.id),
  );
}

async function readRecord(ctx: AppContext, actor: Actor, id: number): Promise<PatientRecord> {
  const scope = scopeOf(actor);
  const row = await loadPatient(ctx.db, scope, id);
  return {
    patient: toPatientView(row, 0),
    diagnoses: await readDiagnoses(ctx, scope, row),
    feeDefaults: await readFeeDefaults(ctx, scope, row),
  };
}

/** POST /user/patient/record: the new patient with its fee defaults and diagnoses, all or nothing. */
export async function createPatientRecord(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof patientRecordCreateSchema>,
): Promise<PatientRecord> {
  const id = await changePatient(ctx, actor, { patientId: null, action: 'create' }, async (tx) => {
    const newId = await insertPatientRecord(tx, actor, input.patient);
    await syncLists(tx, actor, newId, input);
    return newId;
  });
  return readRecord(ctx, actor, id);
}

/** PUT /user/patient/{id}/record: the patient form's save of spec people §4 in one transaction. */
export async function savePatientRecord(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: z.output<typeof patientRecordUpdateSchema>,
): Promise<PatientRecord> {
  await changePatient(ctx, actor, { patientId: id, action: 'update' }, async (tx) => {
    const current = await loadPatient(tx.db, scopeOf(actor), id, true);
    // The default is set by the diagnosis sync, once the new diagnoses have ids.
    const { defaultUserDiagnosisId: _ignored, ...patient } = input.patient;
    await applyPatientUpdate(tx, actor, current, patient);
    await syncLists(tx, actor, id, input);
  });
  return readRecord(ctx, actor, id);
}
