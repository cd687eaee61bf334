import { Readable } from 'node:stream';
import { formatPracticeDateTime, hasRole, Role, toPracticeIsoDate } from '@praxia/shared';
import yazl from 'yazl';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { forTherapist, type PracticeScope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { recordAudit, recordAuditFailure } from '../audit/index.js';
import {
  findPatientTherapist,
  findTherapistInPractice,
  listExportDiagnoses,
  listExportFeeDefaults,
  listExportHistory,
  listExportPatients,
} from './export.repo.js';
import { diagnosesCsv, feeDefaultsCsv, patientsCsv } from './export.sheets.js';

export type PatientExport = { filename: string; stream: NodeJS.ReadableStream };

/** All patients of one therapist (the patient list), or one patient (the medical history: Art. 15/20 DSGVO). */
export type ExportSubject = { therapistId: number } | { patientId: number };

const LABELS = { de: 'Patientendaten', en: 'Patient-data' } as const;
const STATE_LABELS: Record<string, string> = { active: '', deleted: ' (gelöscht)', changed: ' (geändert)' };

/** 'Patientendaten-24-11-26.zip': the translated label and the practice-local date as dd-mm-yy (spec people §9). */
export function exportFilename(language: 'de' | 'en', now = new Date()): string {
  const [year, month, day] = toPracticeIsoDate(now).split('-');
  return `${LABELS[language]}-${day}-${month}-${year?.slice(2)}.zip`;
}

/** A folder or file name inside the zip: no separators, no control characters, bounded. */
const safeName = (value: string) =>
  value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .trim()
    .slice(0, 120) || 'unbenannt';

/**
 * Who may export a therapist's patients: the therapist themself, or an assistant of the same practice acting for
 * them (not an owner: the export is not among an owner's powers). Answers the caller's scope narrowed to that
 * therapist, or null for anyone else and a therapist of another practice (a 404, like a missing id).
 */
async function therapistExportScope(ctx: AppContext, actor: Actor, therapistId: number): Promise<PracticeScope | null> {
  const isSelf = actor.userId === therapistId;
  const isAssistant = hasRole(actor.roles, Role.SECRETARY);
  const scope = isSelf || isAssistant ? forTherapist(scopeOf(actor), therapistId) : null;
  if (scope?.kind !== 'practice') return null;
  const therapist = await findTherapistInPractice(ctx.db, scope, therapistId);
  if (!therapist || !hasRole(therapist.roles, Role.THERAPIST | Role.THERAPIST_DRS)) return null;
  return scope;
}

/**
 * The scope of an export and the one patient it is limited to. A patient's export follows the same rules as their
 * therapist's: whoever may not export the therapist's patients, or does not reach the patient, gets the 404 of a
 * missing patient.
 */
async function exportScope(
  ctx: AppContext,
  actor: Actor,
  subject: ExportSubject,
): Promise<{ scope: PracticeScope; patientId: number | null }> {
  if ('therapistId' in subject) {
    const scope = await therapistExportScope(ctx, actor, subject.therapistId);
    if (!scope) throw notFound('Therapist not found');
    return { scope, patientId: null };
  }
  const patient = await findPatientTherapist(ctx.db, scopeOf(actor), subject.patientId);
  const scope = patient ? await therapistExportScope(ctx, actor, patient.therapistId) : null;
  if (!scope) throw notFound('Patient not found');
  return { scope, patientId: subject.patientId };
}

/**
 * The patient-data export of one therapist or one patient as a zip, streamed: master data, diagnoses and fee
 * defaults as CSV, and per patient the history notes and every document, each file piped from the storage when its
 * turn comes, so memory stays flat whatever the size. The audit rows (one per patient and one for the export)
 * commit before any byte leaves.
 */
export async function exportPatientData(
  ctx: AppContext,
  actor: Actor,
  subject: ExportSubject,
  requestId: string,
  language: 'de' | 'en',
): Promise<PatientExport> {
  const failure = {
    actor,
    customerId: actor.practiceId,
    patientId: 'patientId' in subject ? subject.patientId : null,
    action: 'export' as const,
    resource: 'export' as const,
    resourceId: 'therapistId' in subject ? subject.therapistId : subject.patientId,
    requestId,
  };
  let exported: Awaited<ReturnType<typeof exportScope>>;
  try {
    exported = await exportScope(ctx, actor, subject);
  } catch (error) {
    await recordAuditFailure(ctx, failure, error);
    throw error;
  }
  const { scope } = exported;
  const customerId = scope.practiceId;
  const patientRows = await listExportPatients(ctx.db, scope, exported.patientId);
  const ids = patientRows.map((row) => row.id);
  const [diagnosisRows, feeRows, historyRows] = await Promise.all([
    listExportDiagnoses(ctx.db, scope, ids),
    listExportFeeDefaults(ctx.db, scope, ids),
    listExportHistory(ctx.db, scope, ids),
  ]);
  await withTransaction(ctx, async (tx) => {
    for (const id of ids) await recordAudit(tx.db, { ...failure, customerId, patientId: id, resource: 'patient' });
    await recordAudit(tx.db, {
      ...failure,
      customerId,
      patientId: null,
      detail: { patients: ids.length, documents: historyRows.filter((r) => r.storageKey).length },
    });
  });

  const zip = new yazl.ZipFile();
  zip.addBuffer(patientsCsv(patientRows), 'Patienten.csv');
  zip.addBuffer(diagnosesCsv(diagnosisRows, patientRows), 'Diagnosen.csv');
  zip.addBuffer(feeDefaultsCsv(feeRows, patientRows), 'Honorarvorgaben.csv');
  for (const patient of patientRows) {
    const folder = safeName(`${patient.patientNumber}-${patient.lastName}-${patient.firstName}`);
    const entries = historyRows.filter((row) => row.clientId === patient.id);
    const notes = entries
      .filter((row) => row.note !== null)
      .map((row) => `${formatPracticeDateTime(row.createdAt)}${STATE_LABELS[row.state] ?? ''}\r\n${row.note}\r\n`);
    zip.addBuffer(Buffer.from(notes.join('\r\n'), 'utf8'), `${folder}/Verlauf.txt`);
    for (const row of entries) {
      const key = row.storageKey;
      if (!key) continue;
      // Documents are mostly compressed already (PDF, JPEG, DOCX): stored as they are, which also keeps the CPU free.
      zip.addReadStreamLazy(
        `${folder}/Dokumente/${row.id}-${safeName(row.filename ?? 'datei')}`,
        { compress: false },
        (done) => {
          ctx.storage.getStream(key).then(
            (stream) => {
              if (stream) return done(null, stream);
              // A stored file that is gone must not cut the whole export: the entry stays, empty, and it is logged.
              ctx.log.error({ entryId: row.id }, 'export: stored document is missing');
              done(null, Readable.from([]));
            },
            (error: Error) => done(error, Readable.from([])),
          );
        },
      );
    }
  }
  zip.end();
  return { filename: exportFilename(language), stream: zip.outputStream };
}
