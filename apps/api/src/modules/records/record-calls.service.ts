import type { FeeDefaultEntry } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { audited, recordAuditFailure } from '../audit/index.js';
import { findFeeDefaults, findUserDiagnosis } from './records.repo.js';
import type { PatientRecordRow } from './records.service.js';
import {
  addDiagnosis,
  addFeeDefault,
  diagnosisNotFound,
  readDiagnoses,
  readFeeDefaults,
  removeDiagnoses,
  removeFeeDefaults,
} from './records.service.js';

type Resource = 'diagnosis' | 'feeDefault';

/**
 * Runs a change of one patient's diagnoses or fee defaults in a transaction that also writes its audit rows; a
 * refusal or failure leaves a 'denied' or 'failed' audit row instead.
 */
async function changeOfPatient<T>(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  attempt: { action: 'create' | 'delete'; resource: Resource },
  work: (tx: AppContext, patient: PatientRecordRow) => Promise<T>,
  /** For calls addressed by the entry's id: a patient out of reach answers like a missing entry. */
  notFoundAs?: () => Error,
): Promise<T> {
  try {
    return await withTransaction(ctx, async (tx) => {
      const patient = await tx.patientRecords
        .loadPatient(tx.db, scopeOf(actor), patientId, true)
        .catch((error: unknown) => {
          throw notFoundAs && error instanceof AppError && error.status === 404 ? notFoundAs() : error;
        });
      return work(tx, patient);
    });
  } catch (error) {
    await recordAuditFailure(
      ctx,
      { actor, customerId: actor.practiceId, patientId, action: attempt.action, resource: attempt.resource },
      error,
    );
    throw error;
  }
}

async function readOfPatient<T>(
  ctx: AppContext,
  actor: Actor,
  patientId: number,
  resource: Resource,
  work: (patient: PatientRecordRow) => Promise<T>,
): Promise<T> {
  const event = { actor, customerId: actor.practiceId, patientId, action: 'read' as const, resource };
  return audited(ctx, event, async () => work(await ctx.patientRecords.loadPatient(ctx.db, scopeOf(actor), patientId)));
}

export async function getUserDiagnoses(ctx: AppContext, actor: Actor, userId: number) {
  const read = (patient: PatientRecordRow) => readDiagnoses(ctx, scopeOf(actor), patient);
  return { list: await readOfPatient(ctx, actor, userId, 'diagnosis', read) };
}

export async function createUserDiagnosis(
  ctx: AppContext,
  actor: Actor,
  input: { userId: number; codeValue?: string | null; freeText?: string | null },
) {
  return changeOfPatient(ctx, actor, input.userId, { action: 'create', resource: 'diagnosis' }, (tx, patient) =>
    addDiagnosis(tx, actor, patient, input),
  );
}

export async function deleteUserDiagnosis(ctx: AppContext, actor: Actor, id: number) {
  const row = await findUserDiagnosis(ctx.db, scopeOf(actor), id);
  if (!row) throw diagnosisNotFound();
  await changeOfPatient(
    ctx,
    actor,
    row.userId,
    { action: 'delete', resource: 'diagnosis' },
    (tx, patient) => removeDiagnoses(tx, actor, patient, [id]),
    diagnosisNotFound,
  );
}

export async function searchUserFeeDefaults(ctx: AppContext, actor: Actor, userIds: number[]) {
  const lists = [];
  for (const userId of new Set(userIds)) {
    const read = (patient: PatientRecordRow) => readFeeDefaults(ctx, scopeOf(actor), patient);
    lists.push(await readOfPatient(ctx, actor, userId, 'feeDefault', read));
  }
  return { list: lists.flat() };
}

export async function createUserFeeDefault(
  ctx: AppContext,
  actor: Actor,
  input: { userId: number; entry: FeeDefaultEntry },
) {
  return changeOfPatient(ctx, actor, input.userId, { action: 'create', resource: 'feeDefault' }, (tx, patient) =>
    addFeeDefault(tx, actor, patient, input.entry),
  );
}

/** Deletes fee defaults by id; every id must be a fee default of a patient the caller may change (else 404). */
export async function deleteUserFeeDefaults(ctx: AppContext, actor: Actor, ids: number[]) {
  const rows = await findFeeDefaults(ctx.db, scopeOf(actor), [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) throw feeDefaultNotFound();
  const byPatient = new Map<number, typeof rows>();
  for (const row of rows) byPatient.set(row.userId, [...(byPatient.get(row.userId) ?? []), row]);
  await withTransaction(ctx, async (tx) => {
    for (const [patientId, entries] of byPatient) {
      await changeOfPatient(
        tx,
        actor,
        patientId,
        { action: 'delete', resource: 'feeDefault' },
        (inner, patient) =>
          removeFeeDefaults(
            inner,
            actor,
            patient,
            entries.map((entry) => entry.id),
          ),
        feeDefaultNotFound,
      );
    }
  });
}

const feeDefaultNotFound = () => notFound('Fee default not found');
