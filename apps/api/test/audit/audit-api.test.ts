import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import {
  addNote,
  createHistoryPractice,
  createPatient,
  multipart,
  pdfBytes,
  searchHistory,
  uploadFile,
} from '../patient-factory.js';
import { call, createTestApp, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = { action: string; resource: string; outcome: string; actorName: string | null; patientId: number | null };

describe('audit log and access report', () => {
  it('every history call, share, patient upload and export leaves a row; the owner pages them with names', async () => {
    const { owner, therapist, colleague, patient } = await createHistoryPractice(t);
    const patientCookie = await signIn(t.app, patient.email);
    const note = (await addNote(t.app, therapist.cookie, patient.id, 'Notiz')).json();
    await call(t.app, therapist.cookie, {
      method: 'POST',
      url: '/api/user-medical-history/save',
      payload: { id: note.id, note: 'Neu' },
    });
    await searchHistory(t.app, therapist.cookie, patient.id);
    const doc = (await uploadFile(t.app, therapist.cookie, patient.id, 'a.pdf', pdfBytes())).json();
    await call(t.app, therapist.cookie, { method: 'GET', url: `/api/user-medical-history/${doc.id}/file/a.pdf` });
    await call(t.app, therapist.cookie, {
      method: 'POST',
      url: `/api/user-medical-history/${doc.id}/share`,
      payload: { shared: true },
    });
    await call(t.app, therapist.cookie, {
      method: 'POST',
      url: '/api/user-medical-history/save',
      payload: { id: doc.id, state: 'deleted' },
    });
    await call(t.app, patientCookie, { method: 'GET', url: '/api/patient/documents' });
    await call(t.app, patientCookie, {
      method: 'POST',
      url: '/api/patient/documents',
      ...multipart([{ name: 'file', value: pdfBytes(), filename: 'b.pdf' }]),
    });
    await call(t.app, therapist.cookie, { method: 'GET', url: `/api/user/download/${therapist.id}` });
    await searchHistory(t.app, colleague.cookie, patient.id);

    const page = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/audit?patientId=${patient.id}&limit=50&page=1`,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ currentPage: 1, limit: 50 });
    const seen = body.list.map((row: Row) => `${row.action}:${row.resource}:${row.outcome}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'create:medicalHistory:success',
        'update:medicalHistory:success',
        'read:medicalHistory:success',
        'create:document:success',
        'download:document:success',
        'share:document:success',
        'delete:document:success',
        'read:document:success',
        'export:patient:success',
        'read:medicalHistory:denied',
      ]),
    );
    expect(body.maxItems).toBe(body.list.length);
    expect(body.list[0].actorName).toMatch(/, /);
    const patientUpload = body.list.find(
      (row: Row & { actorUserId: number }) => row.action === 'create' && row.actorUserId === patient.id,
    );
    expect(patientUpload).toMatchObject({ resource: 'document', outcome: 'success' });

    const small = (
      await call(t.app, owner.cookie, { method: 'GET', url: `/api/audit?patientId=${patient.id}&limit=2&page=2` })
    ).json();
    expect(small.list).toHaveLength(2);
    expect(small.list[0].id).toBe(body.list[2].id);

    // The patient's own access report lists the same rows.
    const report = await call(t.app, patientCookie, { method: 'GET', url: `/api/audit/patient/${patient.id}/report` });
    expect(report.statusCode).toBe(200);
    expect(report.json().patient).toMatchObject({ id: patient.id, lastName: patient.lastName });
    expect(report.json().list).toHaveLength(body.list.length);
    const ownerReport = await call(t.app, owner.cookie, {
      method: 'GET',
      url: `/api/audit/patient/${patient.id}/report`,
    });
    expect(ownerReport.json().list).toHaveLength(body.list.length);
  });

  it('keeps each practice to its own log; others get 403 or 404', async () => {
    const a = await createHistoryPractice(t);
    const b = await createHistoryPractice(t);
    await addNote(t.app, a.therapist.cookie, a.patient.id, 'A');
    const bPage = (await call(t.app, b.owner.cookie, { method: 'GET', url: '/api/audit' })).json();
    expect(bPage.list.every((row: Row) => row.patientId !== a.patient.id)).toBe(true);
    expect(
      (await call(t.app, b.owner.cookie, { method: 'GET', url: `/api/audit/patient/${a.patient.id}/report` }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, a.therapist.cookie, { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
    expect((await call(t.app, a.assistant.cookie, { method: 'GET', url: '/api/audit' })).statusCode).toBe(403);
    expect(
      (await call(t.app, a.therapist.cookie, { method: 'GET', url: `/api/audit/patient/${a.patient.id}/report` }))
        .statusCode,
    ).toBe(404);
    const otherPatient = await signIn(t.app, b.patient.email);
    expect(
      (await call(t.app, otherPatient, { method: 'GET', url: `/api/audit/patient/${a.patient.id}/report` })).statusCode,
    ).toBe(404);
    expect((await call(t.app, a.owner.cookie, { method: 'GET', url: '/api/audit?limit=5000' })).statusCode).toBe(422);
  });

  it('filters the log by the patient’s name, among the patients of the caller’s own practice only', async () => {
    const a = await createHistoryPractice(t);
    const b = await createHistoryPractice(t);
    const other = await createPatient(t, { practiceId: a.practiceId, therapistId: a.therapist.id });
    // The same name in both practices: the filter must never reach the other practice's patient.
    const lastName = `Zander-${randomUUID().slice(0, 8)}`;
    for (const id of [a.patient.id, b.patient.id]) {
      await t.database.db.update(users).set({ lastName, firstName: 'Lea' }).where(eq(users.id, id));
    }
    await addNote(t.app, a.therapist.cookie, a.patient.id, 'A');
    await addNote(t.app, a.therapist.cookie, other.id, 'Andere');
    await addNote(t.app, b.therapist.cookie, b.patient.id, 'B');
    const filtered = async (cookie: string, name: string) => {
      const response = await call(t.app, cookie, {
        method: 'GET',
        url: `/api/audit?patientName=${encodeURIComponent(name)}&limit=50&page=1`,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { list: (Row & { patientName: string })[]; maxItems: number };
    };

    for (const name of [lastName.slice(0, 12).toLowerCase(), `Lea ${lastName}`, `${lastName}, Lea`]) {
      const own = await filtered(a.owner.cookie, name);
      expect(own.list.length).toBeGreaterThan(0);
      expect(own.list.every((row) => row.patientId === a.patient.id)).toBe(true);
      expect(own.maxItems).toBe(own.list.length);
    }
    const theirs = await filtered(b.owner.cookie, lastName);
    expect(theirs.list.length).toBeGreaterThan(0);
    expect(theirs.list.every((row) => row.patientId === b.patient.id)).toBe(true);
    expect((await filtered(a.owner.cookie, 'Niemand-%')).maxItems).toBe(0);
    const tooLong = await call(t.app, a.owner.cookie, {
      method: 'GET',
      url: `/api/audit?patientName=${'x'.repeat(101)}`,
    });
    expect(tooLong.statusCode).toBe(422);
  });
});
