import type { PatientDocument } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { afterCommit } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import { notFound } from '../../plugins/errors.js';
import { audited, recordAuditFailure } from '../audit/index.js';
import { sendMail } from '../mail/index.js';
import { sendPushToUser } from '../push/index.js';
import { documentEvent, storeDocument } from './history-files.js';
import { checkUploadType, discardUpload, type ParkedUpload } from './history-upload.js';
import { findPatientDocumentRow, type HistoryRow, listPatientDocumentRows } from './medical-history.repo.js';
import type { Caller, OpenedFile } from './medical-history.service.js';
import { findOwnPatientRecord } from './patient-record.js';
import { patientUploadMail } from './patient-upload.mail.js';

const pushText = (language: string, name: string) =>
  language === 'en' ? `${name} sent you a document.` : `${name} hat Ihnen ein Dokument gesendet.`;

const toDocument = (row: HistoryRow): PatientDocument => ({
  id: row.id,
  filename: row.filename ?? '',
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
  sentByPatient: row.sentByPatient,
});

/** The signed-in patient's record; a user without one (or without a sign-in account) has no documents: 404. */
async function ownRecord(ctx: AppContext, caller: Caller) {
  const patient = await findOwnPatientRecord(ctx.db, scopeOf(caller.actor), caller.actor.userId);
  if (!patient) throw notFound('Patient not found');
  return patient;
}

const readEvent = (caller: Caller, action: 'read' | 'download', resourceId?: number) => ({
  actor: caller.actor,
  customerId: null as number | null,
  patientId: caller.actor.userId,
  action,
  resource: 'document' as const,
  resourceId,
  requestId: caller.requestId,
});

/** What the patient sees: the documents their therapist shared, and the ones they sent. */
export async function listOwnDocuments(ctx: AppContext, caller: Caller) {
  const event = readEvent(caller, 'read');
  return audited(ctx, event, async () => {
    const patient = await ownRecord(ctx, caller);
    event.customerId = patient.customerId;
    const rows = await listPatientDocumentRows(ctx.db, scopeOf(caller.actor), patient.userId);
    return { list: rows.map(toDocument) };
  });
}

export async function openOwnDocument(ctx: AppContext, caller: Caller, id: number): Promise<OpenedFile> {
  const event = readEvent(caller, 'download', id);
  return audited(ctx, event, async () => {
    const patient = await ownRecord(ctx, caller);
    event.customerId = patient.customerId;
    const row = await findPatientDocumentRow(ctx.db, scopeOf(caller.actor), patient.userId, id);
    if (!row?.storageKey) throw notFound('File not found');
    const stream = await ctx.storage.getStream(row.storageKey);
    if (!stream) throw notFound('File not found');
    return { stream, filename: row.filename ?? 'download', contentType: row.contentType, size: row.sizeBytes };
  });
}

/**
 * A document the patient sends their therapist: the same type, size and quota rules (their therapist's quota), shown
 * in the history as sent by the patient; the therapist is told by e-mail through the outbox, in the same transaction.
 */
export async function uploadOwnDocument(ctx: AppContext, caller: Caller, parked: ParkedUpload) {
  const scope = scopeOf(caller.actor);
  const patient = await findOwnPatientRecord(ctx.db, scope, caller.actor.userId);
  const input = { actor: caller.actor, sentByPatient: true, requestId: caller.requestId };
  if (!patient) {
    await discardUpload(parked);
    throw notFound('Patient not found');
  }
  try {
    const upload = await checkUploadType(parked);
    const row = await storeDocument(ctx, {
      ...input,
      scope,
      patient,
      upload,
      onStored: async (tx, stored, therapist) => {
        const name = `${patient.firstName} ${patient.lastName}`;
        const url = `${ctx.config.publicUrl}/user/medical-history/${patient.userId}`;
        await sendMail(tx, patientUploadMail(therapist.email, therapist.language, therapist.firstName, name, url));
        // And on the therapist's devices, once the upload is safely stored; a failed push only reaches the log.
        afterCommit(tx, () => {
          sendPushToUser(ctx, therapist.id, { title: 'Praxia', body: pushText(therapist.language, name), url }).catch(
            (error: unknown) => ctx.log.warn({ err: error }, 'push after a patient upload failed'),
          );
        });
        void stored;
      },
    });
    return toDocument(row);
  } catch (error) {
    await recordAuditFailure(ctx, documentEvent({ ...input, patient }), error);
    throw error;
  }
}
