import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { HISTORY_LIMIT_REACHED, isBrowserViewable } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Scope } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound, validationFailed } from '../../plugins/errors.js';
import { storeThenCommit } from '../../storage/unreferenced-files.js';
import { type AuditEvent, recordAudit } from '../audit/index.js';
import { discardUpload, type ParkedUpload } from './history-upload.js';
import { type HistoryRow, insertHistoryRow, sumTherapistFileBytes } from './medical-history.repo.js';
import { lockTherapist, type PatientRecord } from './patient-record.js';

export type StoreDocument = {
  /** The caller's scope, which reached the patient: the therapist's, or the signed-in patient's own. */
  scope: Scope;
  patient: PatientRecord;
  actor: Pick<Actor, 'userId'>;
  sentByPatient: boolean;
  upload: ParkedUpload;
  requestId: string;
  /** Runs inside the transaction after the row exists (the patient upload queues its notification mail here). */
  onStored?: (
    tx: AppContext,
    row: HistoryRow,
    therapist: NonNullable<Awaited<ReturnType<typeof lockTherapist>>>,
  ) => Promise<void>;
};

const limitReached = (available: number) =>
  validationFailed('file', `${HISTORY_LIMIT_REACHED}:${Math.max(0, available)}`, 'The storage quota is reached.');

/**
 * Stores a checked upload as a history document. The file is written first, outside any transaction; then the
 * therapist's row is locked while their used bytes are summed, the quota checked and the row inserted, so two uploads
 * can never both take the last free space. A refusal or failure leaves neither row nor file (storeThenCommit); the
 * parked upload is removed in any case.
 */
export async function storeDocument(ctx: AppContext, input: StoreDocument): Promise<HistoryRow> {
  const { scope, patient, upload } = input;
  const key = `practices/${patient.customerId}/documents/${randomUUID()}.${upload.ext}`;
  try {
    // Checked once more under the lock below; this early look spares writing a file that cannot fit anyway.
    await assertQuota(ctx, scope, patient, upload.size);
    return await storeThenCommit(
      ctx,
      [{ key, write: (storage) => storage.putStream(key, createReadStream(upload.path)) }],
      async (tx) => {
        const therapist = await lockTherapist(tx.db, patient.therapistId);
        if (!therapist) throw notFound('Therapist not found');
        await assertQuota(tx, scope, patient, upload.size);
        const row = await insertHistoryRow(tx.db, scope, {
          clientId: patient.userId,
          therapistId: patient.therapistId,
          filename: upload.filename,
          storageKey: key,
          contentType: upload.contentType,
          sizeBytes: upload.size,
          sentByPatient: input.sentByPatient,
          createdBy: input.actor.userId,
        });
        await recordAudit(tx.db, documentEvent(input, row.id));
        await input.onStored?.(tx, row, therapist);
        return row;
      },
    );
  } finally {
    await discardUpload(upload);
  }
}

async function assertQuota(ctx: AppContext, scope: Scope, patient: PatientRecord, size: number) {
  const used = await sumTherapistFileBytes(ctx.db, scope, patient.therapistId);
  const available = ctx.config.storageQuotaBytes - used;
  if (size > available) throw limitReached(available);
}

export function documentEvent(
  input: Pick<StoreDocument, 'patient' | 'actor' | 'sentByPatient' | 'requestId'>,
  id?: number,
): AuditEvent {
  return {
    actor: input.actor,
    customerId: input.patient.customerId,
    patientId: input.patient.userId,
    action: 'create',
    resource: 'document',
    resourceId: id,
    requestId: input.requestId,
    detail: { sentByPatient: input.sentByPatient },
  };
}

/** Types a browser may show inline (the history's view action); everything else is only ever an attachment. */
export const isInlineSafe = isBrowserViewable;
