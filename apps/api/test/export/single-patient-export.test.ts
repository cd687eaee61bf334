import { Role } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients, userDiagnoses, userFeeDefaults, users } from '../../src/db/schema.js';
import { addNote, createHistoryPractice, createPatient, pdfBytes, uploadFile } from '../patient-factory.js';
import { call, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';
import { readZip } from '../zip-reader.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const downloadPatient = (cookie: string, patientId: number) =>
  call(t.app, cookie, { method: 'GET', url: `/api/user/patient/${patientId}/download` });

/** The cells of a CSV's data rows (the BOM and the header line left out), unquoted. */
function csvRows(csv: Buffer | undefined): string[][] {
  const lines = (csv?.toString('utf8') ?? '')
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean);
  return lines.slice(1).map((line) => line.slice(1, -1).split('";"'));
}

describe('GET /api/user/patient/:id/download: one patient’s export (Art. 15/20 DSGVO)', () => {
  it('holds only that patient: master data, diagnoses, fee defaults, notes and documents', async () => {
    const a = await createHistoryPractice(t);
    const sibling = await createPatient(t, { practiceId: a.practiceId, therapistId: a.therapist.id });
    for (const patient of [a.patient, sibling]) {
      await addNote(t.app, a.therapist.cookie, patient.id, `Notiz zu ${patient.lastName}`);
      await t.database.db
        .insert(userDiagnoses)
        .values({ customerId: a.practiceId, userId: patient.id, codeValue: 'F32.1' });
      await t.database.db
        .insert(userFeeDefaults)
        .values({ customerId: a.practiceId, userId: patient.id, codeValue: '870', incrementalRate: '2.30' });
    }
    const doc = (await uploadFile(t.app, a.therapist.cookie, a.patient.id, 'Befund.pdf', pdfBytes(1024))).json();
    await uploadFile(t.app, a.therapist.cookie, sibling.id, 'Fremd.pdf', pdfBytes(1024));

    const response = await downloadPatient(a.therapist.cookie, a.patient.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="Patientendaten-\d\d-\d\d-\d\d\.zip"/,
    );
    const files = await readZip(response.rawPayload);
    const folder = `${a.patient.patientNumber}-${a.patient.lastName}-Max`;
    expect([...files.keys()].sort()).toEqual(
      [
        'Patienten.csv',
        'Diagnosen.csv',
        'Honorarvorgaben.csv',
        `${folder}/Verlauf.txt`,
        `${folder}/Dokumente/${doc.id}-Befund.pdf`,
      ].sort(),
    );
    for (const name of ['Patienten.csv', 'Diagnosen.csv', 'Honorarvorgaben.csv']) {
      expect(csvRows(files.get(name)).map((row) => row[0])).toEqual([String(a.patient.patientNumber)]);
    }
    expect(files.get(`${folder}/Verlauf.txt`)?.toString('utf8')).toContain(`Notiz zu ${a.patient.lastName}`);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.customerId, a.practiceId), eq(auditLog.action, 'export')));
    expect(audit.map((row) => [row.resource, row.patientId, row.outcome])).toEqual(
      expect.arrayContaining([
        ['patient', a.patient.id, 'success'],
        ['export', null, 'success'],
      ]),
    );
    expect(audit.some((row) => row.patientId === sibling.id)).toBe(false);
  });

  it('keeps the export’s access: the therapist or an assistant of the practice; others get 404 or 403', async () => {
    const a = await createHistoryPractice(t);
    const b = await createHistoryPractice(t);
    expect((await downloadPatient(a.assistant.cookie, a.patient.id)).statusCode).toBe(200);
    const missing = await downloadPatient(b.therapist.cookie, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    // A patient of another practice answers exactly like a missing id: nothing tells that the id exists.
    for (const cookie of [b.therapist.cookie, b.assistant.cookie]) {
      const foreign = await downloadPatient(cookie, a.patient.id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
    }
    // A colleague does not export another therapist's patients, as with the whole export.
    expect((await downloadPatient(a.colleague.cookie, a.patient.id)).json()).toEqual(missing.json());
    await t.database.db.update(patients).set({ deletedAt: new Date() }).where(eq(patients.userId, b.patient.id));
    expect((await downloadPatient(b.therapist.cookie, b.patient.id)).json()).toEqual(missing.json());
    const owner = await createUser(t.database, { roles: Role.CUSTOMER_ADMIN, practiceId: a.practiceId });
    expect((await downloadPatient(await signIn(t.app, owner.email), a.patient.id)).statusCode).toBe(403);
    expect((await downloadPatient(await signIn(t.app, a.patient.email), a.patient.id)).statusCode).toBe(403);
  });
});

describe('the export’s CSV cells', () => {
  it('are written in German: Ja/Nein, privat/gesetzlich, DD.MM.YYYY and decimal commas', async () => {
    const a = await createHistoryPractice(t);
    await t.database.db
      .update(patients)
      .set({ birthday: '1980-04-02', insuranceType: 'privately', invoiceDigital: 'no' })
      .where(eq(patients.userId, a.patient.id));
    await t.database.db.update(users).set({ salutation: 'Frau' }).where(eq(users.id, a.patient.id));
    const [standard] = await t.database.db
      .insert(userDiagnoses)
      .values([
        { customerId: a.practiceId, userId: a.patient.id, codeValue: 'F32.1' },
        { customerId: a.practiceId, userId: a.patient.id, freeText: 'Schlafstörung' },
      ])
      .returning();
    await t.database.db
      .update(patients)
      .set({ defaultUserDiagnosisId: standard?.id })
      .where(eq(patients.userId, a.patient.id));
    await t.database.db.insert(userFeeDefaults).values([
      { customerId: a.practiceId, userId: a.patient.id, codeValue: '870', incrementalRate: '2.30' },
      {
        customerId: a.practiceId,
        userId: a.patient.id,
        coachingTitle: 'Coaching',
        coachingAmountCents: 123_456,
        coachingAmountTax: 'add',
      },
    ]);
    const statutory = await createPatient(t, { practiceId: a.practiceId, therapistId: a.therapist.id });
    await t.database.db.update(patients).set({ insuranceType: 'legally' }).where(eq(patients.userId, statutory.id));

    const files = await readZip((await downloadPatient(a.therapist.cookie, a.patient.id)).rawPayload);
    const [master] = csvRows(files.get('Patienten.csv'));
    // Geburtsdatum, Versicherung, Rechnung digital.
    expect([master?.[8], master?.[13], master?.[16]]).toEqual(['02.04.1980', 'privat', 'Nein']);
    expect(csvRows(files.get('Diagnosen.csv')).map((row) => [row[3], row[4]])).toEqual([
      ['', 'Ja'],
      ['Schlafstörung', 'Nein'],
    ]);
    expect(csvRows(files.get('Honorarvorgaben.csv')).map((row) => row.slice(3))).toEqual([
      ['2,3', '', '', ''],
      ['', 'Coaching', '1.234,56', 'zzgl. USt.'],
    ]);
    const whole = await readZip(
      (await call(t.app, a.therapist.cookie, { method: 'GET', url: `/api/user/download/${a.therapist.id}` }))
        .rawPayload,
    );
    const insurances = csvRows(whole.get('Patienten.csv')).map((row) => row[13]);
    expect(insurances.sort()).toEqual(['gesetzlich', 'privat']);
    expect(csvRows(whole.get('Patienten.csv')).map((row) => row[16])).toContain('Ja');
  });
});
