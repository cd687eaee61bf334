import type { Readable } from 'node:stream';
import type { HistoryEntry, HistoryState } from '@praxia/shared';
import { ValidationKey } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound, validationFailed } from '../../plugins/errors.js';
import { type AuditEvent, audited, recordAudit, recordAuditFailure } from '../audit/index.js';
import { storeDocument } from './history-files.js';
import { checkUploadType, discardUpload, type ParkedUpload } from './history-upload.js';
import { loadTreatedPatient } from './medical-history.policy.js';
import {
  findHistoryRow,
  type HistoryRow,
  insertHistoryRow,
  listHistoryRows,
  moveVersionsBelow,
  updateHistoryRow,
} from './medical-history.repo.js';
import { findPrintHeading, type PatientRecord } from './patient-record.js';

/** The acting user and the request, for the audit rows. */
export type Caller = { actor: Actor; requestId: string };

const event = (
  caller: Caller,
  patient: Pick<PatientRecord, 'customerId' | 'userId'> | null,
  rest: Pick<AuditEvent, 'action' | 'resource'> & Partial<AuditEvent>,
): AuditEvent => ({
  actor: caller.actor,
  customerId: patient?.customerId ?? caller.actor.practiceId,
  patientId: patient?.userId ?? null,
  requestId: caller.requestId,
  ...rest,
});

function toView(row: HistoryRow) {
  return {
    id: row.id,
    clientId: row.clientId,
    note: row.note,
    filename: row.filename,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    state: row.state,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    sharedWithPatient: row.sharedWithPatient,
    sentByPatient: row.sentByPatient,
  };
}

/** Newest first; older versions of a note nested below the version that replaced them (spec people §2, §4). */
export function nestEntries(rows: HistoryRow[], allVersionIds: Set<number>): HistoryEntry[] {
  const children = new Map<number, HistoryRow[]>();
  for (const row of rows) {
    if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => ({
      ...toView(row),
      haschildren: allVersionIds.has(row.id),
      children: (children.get(row.id) ?? []).map((child) => ({ ...toView(child), haschildren: false, children: [] })),
    }));
}

export async function searchHistory(ctx: AppContext, caller: Caller, clientId: number, states?: HistoryState[]) {
  const base = event(caller, null, { action: 'read', resource: 'medicalHistory', patientId: clientId });
  return audited(ctx, base, async () => {
    const scope = scopeOf(caller.actor);
    const patient = await loadTreatedPatient(ctx.db, scope, clientId);
    const all = await listHistoryRows(ctx.db, scope, clientId);
    const parents = new Set(all.flatMap((row) => (row.parentId === null ? [] : [row.parentId])));
    const wanted = states ? all.filter((row) => states.includes(row.state)) : all;
    const heading = await findPrintHeading(ctx.db, scope, patient);
    const client = {
      id: patient.userId,
      firstName: patient.firstName,
      lastName: patient.lastName,
      birthday: patient.birthday,
      patientNumber: patient.patientNumber,
      practiceName: heading?.practiceName ?? '',
      therapist: heading?.therapist ?? null,
    };
    return { client, list: nestEntries(wanted, parents) };
  });
}

/** Runs a change, recording a refused or failed attempt (the success is recorded inside the change). */
async function auditedChange<T>(ctx: AppContext, failure: AuditEvent, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await recordAuditFailure(ctx, failure, error);
    throw error;
  }
}

export async function createHistoryNote(ctx: AppContext, caller: Caller, clientId: number, note: string) {
  const base = event(caller, null, { action: 'create', resource: 'medicalHistory', patientId: clientId });
  return auditedChange(ctx, base, async () => {
    const scope = scopeOf(caller.actor);
    const patient = await loadTreatedPatient(ctx.db, scope, clientId);
    return withTransaction(ctx, async (tx) => {
      const row = await insertHistoryRow(tx.db, scope, {
        clientId,
        therapistId: patient.therapistId,
        note,
        createdBy: caller.actor.userId,
      });
      await recordAudit(tx.db, { ...base, customerId: patient.customerId, resourceId: row.id });
      return toView(row);
    });
  });
}

export async function createHistoryFile(ctx: AppContext, caller: Caller, clientId: number, parked: ParkedUpload) {
  const failure = event(caller, null, { action: 'create', resource: 'document', patientId: clientId });
  return auditedChange(ctx, failure, async () => {
    let patient: PatientRecord;
    try {
      patient = await loadTreatedPatient(ctx.db, scopeOf(caller.actor), clientId);
    } catch (error) {
      await discardUpload(parked);
      throw error;
    }
    const upload = await checkUploadType(parked);
    const row = await storeDocument(ctx, {
      scope: scopeOf(caller.actor),
      patient,
      actor: caller.actor,
      sentByPatient: false,
      upload,
      requestId: caller.requestId,
    });
    return toView(row);
  });
}

/** The entry and its patient, both checked against the caller's scope (404 for anything not theirs). */
async function loadEntry(ctx: AppContext, caller: Caller, id: number, lock = false) {
  const scope = scopeOf(caller.actor);
  const row = await findHistoryRow(ctx.db, scope, id, lock);
  if (!row) throw notFound('Entry not found');
  const patient = await loadTreatedPatient(ctx.db, scope, row.clientId).catch(() => {
    throw notFound('Entry not found');
  });
  return { row, patient, scope };
}

export type HistorySave = { id: number; state: 'active' | 'deleted' } | { id: number; note: string };

/** Delete or restore an entry, or edit a note: the edit is a new version and the old one hangs below it. */
export async function saveHistory(ctx: AppContext, caller: Caller, input: HistorySave) {
  const action = 'note' in input ? 'update' : input.state === 'deleted' ? 'delete' : 'restore';
  const failure = event(caller, null, { action, resource: 'medicalHistory', resourceId: input.id });
  await auditedChange(ctx, failure, () =>
    withTransaction(ctx, async (tx) => {
      const { row, patient, scope } = await loadEntry(tx, caller, input.id, true);
      const audit = { ...failure, customerId: patient.customerId, patientId: patient.userId };
      // Only the newest version changes; older ones are history.
      if (row.state === 'changed' || row.parentId !== null) throw validationFailed('id', ValidationKey.invalidValue);
      if ('state' in input) {
        if (row.state !== input.state) await updateHistoryRow(tx.db, scope, row.id, { state: input.state });
        await recordAudit(tx.db, { ...audit, resource: row.storageKey ? 'document' : 'medicalHistory' });
        return;
      }
      if (row.note === null || row.state !== 'active') throw validationFailed('note', ValidationKey.invalidValue);
      const next = await insertHistoryRow(tx.db, scope, {
        clientId: row.clientId,
        therapistId: row.therapistId,
        note: input.note,
        createdBy: caller.actor.userId,
      });
      await moveVersionsBelow(tx.db, scope, row.id, next.id);
      await updateHistoryRow(tx.db, scope, row.id, { state: 'changed' });
      await recordAudit(tx.db, { ...audit, resourceId: next.id, detail: { previousId: row.id } });
    }),
  );
}

/** Shares a document with the patient (document exchange) or stops sharing it. */
export async function shareHistoryDocument(ctx: AppContext, caller: Caller, id: number, shared: boolean) {
  const failure = event(caller, null, { action: 'share', resource: 'document', resourceId: id, detail: { shared } });
  await auditedChange(ctx, failure, () =>
    withTransaction(ctx, async (tx) => {
      const { row, patient, scope } = await loadEntry(tx, caller, id, true);
      if (!row.storageKey || row.state !== 'active') throw validationFailed('id', ValidationKey.invalidValue);
      await updateHistoryRow(tx.db, scope, row.id, { sharedWithPatient: shared });
      await recordAudit(tx.db, { ...failure, customerId: patient.customerId, patientId: patient.userId });
    }),
  );
}

export type OpenedFile = { stream: Readable; filename: string; contentType: string | null; size: number };

/** A document's bytes for its therapist; the name in the URL must be the entry's (a link cannot be guessed across). */
export async function openHistoryFile(
  ctx: AppContext,
  caller: Caller,
  id: number,
  filename: string,
): Promise<OpenedFile> {
  const base = event(caller, null, { action: 'download', resource: 'document', resourceId: id });
  return audited(ctx, base, async () => {
    const { row, patient } = await loadEntry(ctx, caller, id);
    base.customerId = patient.customerId;
    base.patientId = patient.userId;
    if (!row.storageKey || row.filename !== filename) throw notFound('File not found');
    const stream = await ctx.storage.getStream(row.storageKey);
    if (!stream) throw notFound('File not found');
    return { stream, filename: row.filename, contentType: row.contentType, size: row.sizeBytes };
  });
}
