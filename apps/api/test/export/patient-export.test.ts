import { Role } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, userDiagnoses, userFeeDefaults, users } from '../../src/db/schema.js';
import { exportFilename } from '../../src/modules/export/export.service.js';
import { addNote, createHistoryPractice, createPatient, pdfBytes, uploadFile } from '../patient-factory.js';
import { call, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';
import { readZip } from '../zip-reader.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const download = (cookie: string, therapistId: number) =>
  call(t.app, cookie, { method: 'GET', url: `/api/user/download/${therapistId}` });

describe('GET /api/user/download/:therapistId', () => {
  it('streams a zip with master data, diagnoses, fee defaults, notes and the document bytes', async () => {
    const { practiceId, therapist, patient } = await createHistoryPractice(t);
    await t.database.db
      .update(users)
      .set({ phone: '=HYPERLINK("http://evil")', street: 'Hauptstraße 1' })
      .where(eq(users.id, patient.id));
    const [diagnosis] = await t.database.db
      .insert(userDiagnoses)
      .values({ customerId: practiceId, userId: patient.id, codeValue: 'F32.1' })
      .returning();
    await t.database.db
      .update(patients)
      .set({ defaultUserDiagnosisId: diagnosis?.id })
      .where(eq(patients.userId, patient.id));
    await t.database.db
      .insert(userFeeDefaults)
      .values({ customerId: practiceId, userId: patient.id, codeValue: '1', incrementalRate: '2.30' });
    await addNote(t.app, therapist.cookie, patient.id, 'Erste Sitzung: gut.');
    const pdf = pdfBytes(2048);
    const doc = (await uploadFile(t.app, therapist.cookie, patient.id, 'Befund.pdf', pdf)).json();

    const response = await download(therapist.cookie, therapist.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`filename="${exportFilename('de')}"`);
    expect(exportFilename('de')).toMatch(/^Patientendaten-\d{2}-\d{2}-\d{2}\.zip$/);

    const files = await readZip(response.rawPayload);
    const master = files.get('Patienten.csv')?.toString('utf8') ?? '';
    expect(master).toContain(`"${patient.patientNumber}"`);
    expect(master).toContain(`"${patient.lastName}"`);
    expect(master).toContain('"Hauptstraße 1"');
    // The formula is neutralised, never run by a spreadsheet.
    expect(master).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(files.get('Diagnosen.csv')?.toString('utf8')).toContain('"F32.1"');
    expect(files.get('Diagnosen.csv')?.toString('utf8')).toContain('"Ja"');
    expect(files.get('Honorarvorgaben.csv')?.toString('utf8')).toContain('"2,3"');
    const folder = `${patient.patientNumber}-${patient.lastName}-Max`;
    expect(files.get(`${folder}/Verlauf.txt`)?.toString('utf8')).toContain('Erste Sitzung: gut.');
    expect(files.get(`${folder}/Dokumente/${doc.id}-Befund.pdf`)?.equals(pdf)).toBe(true);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.customerId, practiceId), eq(auditLog.action, 'export')));
    expect(rows.map((row) => [row.resource, row.patientId, row.outcome])).toEqual(
      expect.arrayContaining([
        ['patient', patient.id, 'success'],
        ['export', null, 'success'],
      ]),
    );
  });

  it('only holds that therapist’s patients; an assistant of the practice may export for them', async () => {
    const a = await createHistoryPractice(t);
    const other = await createPatient(t, { practiceId: a.practiceId, therapistId: a.colleague.id });
    const response = await download(a.assistant.cookie, a.therapist.id);
    expect(response.statusCode).toBe(200);
    const master = (await readZip(response.rawPayload)).get('Patienten.csv')?.toString('utf8') ?? '';
    expect(master).toContain(a.patient.lastName);
    expect(master).not.toContain(other.lastName);
  });

  it('refuses another therapist, another practice (404) and roles without the export (403)', async () => {
    const a = await createHistoryPractice(t);
    const b = await createHistoryPractice(t);
    expect((await download(a.colleague.cookie, a.therapist.id)).statusCode).toBe(404);
    expect((await download(b.therapist.cookie, a.therapist.id)).statusCode).toBe(404);
    expect((await download(b.assistant.cookie, a.therapist.id)).statusCode).toBe(404);
    expect((await download(a.therapist.cookie, 2_000_000_000)).statusCode).toBe(404);
    const owner = await createUser(t.database, { roles: Role.CUSTOMER_ADMIN, practiceId: a.practiceId });
    expect((await download(await signIn(t.app, owner.email), a.therapist.id)).statusCode).toBe(403);
    expect((await download(await signIn(t.app, a.patient.email), a.therapist.id)).statusCode).toBe(403);
    const denied = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, a.colleague.id), eq(auditLog.action, 'export')));
    expect(denied.map((row) => row.outcome)).toEqual(['denied']);
  });

  it('names the download in the caller’s language', () => {
    const date = new Date('2026-11-24T10:00:00Z');
    expect(exportFilename('de', date)).toBe('Patientendaten-24-11-26.zip');
    expect(exportFilename('en', date)).toBe('Patient-data-24-11-26.zip');
  });
});
