import { Readable } from 'node:stream';
import { formatPracticeDateTime, hasRole, Role, toPracticeIsoDate } from '@praxia/shared';
import yazl from 'yazl';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { forTherapist, type PracticeScope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { recordAudit, recordAuditFailure } from '../audit/index.js';
import { toCsv } from './export.csv.js';
import {
  findTherapistInPractice,
  listExportDiagnoses,
  listExportFeeDefaults,
  listExportHistory,
  listExportPatients,
} from './export.repo.js';

export type PatientExport = { filename: string; stream: NodeJS.ReadableStream };

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
 * them (not an owner: the export is not among an owner's powers). Anyone else, and a therapist of another practice,
 * gets 404 like a missing id. Answers the caller's scope narrowed to that therapist.
 */
async function exportScope(ctx: AppContext, actor: Actor, therapistId: number): Promise<PracticeScope> {
  const isSelf = actor.userId === therapistId;
  const isAssistant = hasRole(actor.roles, Role.SECRETARY);
  const scope = isSelf || isAssistant ? forTherapist(scopeOf(actor), therapistId) : null;
  if (scope?.kind !== 'practice') throw notFound('Therapist not found');
  const therapist = await findTherapistInPractice(ctx.db, scope, therapistId);
  if (!therapist || !hasRole(therapist.roles, Role.THERAPIST | Role.THERAPIST_DRS))
    throw notFound('Therapist not found');
  return scope;
}

/**
 * The patient-data export of one therapist as a zip, streamed: master data, diagnoses and fee defaults as CSV, and
 * per patient the history notes and every document, each file piped from the storage when its turn comes, so
 * memory stays flat whatever the size. The audit rows (one per patient and one for the export) commit before any
 * byte leaves.
 */
export async function exportPatientData(
  ctx: AppContext,
  actor: Actor,
  therapistId: number,
  requestId: string,
  language: 'de' | 'en',
): Promise<PatientExport> {
  const failure = {
    actor,
    customerId: actor.practiceId,
    patientId: null,
    action: 'export' as const,
    resource: 'export' as const,
    resourceId: therapistId,
    requestId,
  };
  let scope: PracticeScope;
  try {
    scope = await exportScope(ctx, actor, therapistId);
  } catch (error) {
    await recordAuditFailure(ctx, failure, error);
    throw error;
  }
  const customerId = scope.practiceId;
  const patientRows = await listExportPatients(ctx.db, scope);
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
      detail: { patients: ids.length, documents: historyRows.filter((r) => r.storageKey).length },
    });
  });

  const zip = new yazl.ZipFile();
  const numberOf = new Map(patientRows.map((row) => [row.id, row.patientNumber]));
  zip.addBuffer(
    toCsv(
      [
        'Patientennummer',
        'Anrede',
        'Titel',
        'Vorname',
        'Nachname',
        'E-Mail',
        'Telefon',
        'Telefon-Land',
        'Geburtsdatum',
        'Straße',
        'PLZ',
        'Ort',
        'Land',
        'Versicherung',
        'c/o',
        'Rechnungsadresse',
        'Rechnung digital',
        'Interne Notiz',
        'Rechnungsvermerk',
      ],
      patientRows.map((p) => [
        p.patientNumber,
        p.salutation,
        p.title,
        p.firstName,
        p.lastName,
        p.email,
        p.phone,
        p.phoneCountry,
        p.birthday,
        p.street,
        p.postalCode,
        p.city,
        p.country,
        p.insuranceType,
        p.careOf,
        p.invoiceAddress,
        p.invoiceDigital,
        p.internalNote,
        p.invoiceRemark,
      ]),
    ),
    'Patienten.csv',
  );
  const defaultDiagnosis = new Map(patientRows.map((row) => [row.id, row.defaultUserDiagnosisId]));
  zip.addBuffer(
    toCsv(
      ['Patientennummer', 'ICD-10', 'Titel', 'Freitext', 'Standard'],
      diagnosisRows.map((d) => [
        numberOf.get(d.userId),
        d.codeValue,
        d.title,
        d.freeText,
        defaultDiagnosis.get(d.userId) === d.id ? 'ja' : 'nein',
      ]),
    ),
    'Diagnosen.csv',
  );
  zip.addBuffer(
    toCsv(
      [
        'Patientennummer',
        'GOÄ-Ziffer',
        'Alternativer Titel',
        'Steigerungssatz',
        'Coaching-Titel',
        'Coaching-Betrag (Cent)',
        'Steuer',
      ],
      feeRows.map((f) => [
        numberOf.get(f.userId),
        f.codeValue,
        f.alternativeTitle,
        f.incrementalRate,
        f.coachingTitle,
        f.coachingAmountCents,
        f.coachingAmountTax,
      ]),
    ),
    'Honorarvorgaben.csv',
  );
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
