import { Role } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessProbes, auditLog, customers, patients, users } from '../../src/db/schema.js';
import {
  addNote,
  createHistoryPractice,
  createPatient,
  pdfBytes,
  searchHistory,
  uploadFile,
} from '../patient-factory.js';
import { call, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const save = (cookie: string, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'POST', url: '/api/user-medical-history/save', payload });

describe('medical history notes', () => {
  it('creates notes and lists them newest first with the spec fields', async () => {
    const { therapist, patient } = await createHistoryPractice(t);
    expect((await addNote(t.app, therapist.cookie, patient.id, 'Erstgespräch')).statusCode).toBe(201);
    const second = await addNote(t.app, therapist.cookie, patient.id, 'Zweite Sitzung');
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      clientId: patient.id,
      note: 'Zweite Sitzung',
      state: 'active',
      filename: null,
    });
    const list = (await searchHistory(t.app, therapist.cookie, patient.id, ['active'])).json().list;
    expect(list.map((entry: { note: string }) => entry.note)).toEqual(['Zweite Sitzung', 'Erstgespräch']);
    expect(list[0]).toMatchObject({ haschildren: false, children: [], parentId: null });
  });

  it('names the practice, the treating therapist and the patient number for the printout', async () => {
    const { practiceId, therapist, patient } = await createHistoryPractice(t);
    await t.database.systemDb
      .update(users)
      .set({ salutation: 'Frau', title: 'Dr.', jobTitleType: 'psychologicalPsychotherapist' })
      .where(eq(users.id, therapist.id));
    const [practice] = await t.database.systemDb.select().from(customers).where(eq(customers.id, practiceId));
    const [record] = await t.database.systemDb.select().from(patients).where(eq(patients.userId, patient.id));
    const [therapistRow] = await t.database.systemDb.select().from(users).where(eq(users.id, therapist.id));
    const { client } = (await searchHistory(t.app, therapist.cookie, patient.id)).json();
    expect(client).toMatchObject({
      id: patient.id,
      patientNumber: record?.patientNumber,
      practiceName: practice?.name,
      therapist: {
        salutation: 'Frau',
        title: 'Dr.',
        firstName: therapistRow?.firstName,
        lastName: therapistRow?.lastName,
        jobTitleType: 'psychologicalPsychotherapist',
        jobTitleFreetext: null,
      },
    });
  });

  it('accepts a JSON note too and refuses an empty one with the required key', async () => {
    const { therapist, patient } = await createHistoryPractice(t);
    const json = await call(t.app, therapist.cookie, {
      method: 'POST',
      url: '/api/user-medical-history',
      payload: { clientId: patient.id, note: '  Notiz  ' },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().note).toBe('Notiz');
    const empty = await addNote(t.app, therapist.cookie, patient.id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().validationMessages.note).toEqual(['error.required']);
  });

  it('editing a note makes a new version and hangs the old ones below it as changed', async () => {
    const { therapist, patient } = await createHistoryPractice(t);
    const first = (await addNote(t.app, therapist.cookie, patient.id, 'Version 1')).json();
    expect((await save(therapist.cookie, { id: first.id, note: 'Version 2' })).statusCode).toBe(204);
    const v2 = (await searchHistory(t.app, therapist.cookie, patient.id, ['active'])).json().list[0];
    expect((await save(therapist.cookie, { id: v2.id, note: 'Version 3' })).statusCode).toBe(204);

    const active = (await searchHistory(t.app, therapist.cookie, patient.id, ['active'])).json().list;
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ note: 'Version 3', haschildren: true, children: [] });

    const all = (await searchHistory(t.app, therapist.cookie, patient.id)).json().list;
    expect(all).toHaveLength(1);
    expect(all[0].children.map((c: { note: string; state: string }) => [c.note, c.state])).toEqual([
      ['Version 2', 'changed'],
      ['Version 1', 'changed'],
    ]);
    // An old version is history: it cannot be edited, deleted or restored.
    expect((await save(therapist.cookie, { id: first.id, note: 'x' })).statusCode).toBe(422);
    expect((await save(therapist.cookie, { id: first.id, state: 'deleted' })).statusCode).toBe(422);
  });

  it('deletes and restores; the default list hides deleted entries, the archive shows them', async () => {
    const { therapist, patient } = await createHistoryPractice(t);
    const note = (await addNote(t.app, therapist.cookie, patient.id, 'Zu löschen')).json();
    expect((await save(therapist.cookie, { id: note.id, state: 'deleted' })).statusCode).toBe(204);
    expect((await searchHistory(t.app, therapist.cookie, patient.id, ['active'])).json().list).toEqual([]);
    const archive = (await searchHistory(t.app, therapist.cookie, patient.id)).json().list;
    expect(archive[0]).toMatchObject({ id: note.id, state: 'deleted' });
    // A deleted note cannot be edited until restored.
    expect((await save(therapist.cookie, { id: note.id, note: 'neu' })).statusCode).toBe(422);
    expect((await save(therapist.cookie, { id: note.id, state: 'active' })).statusCode).toBe(204);
    expect((await searchHistory(t.app, therapist.cookie, patient.id, ['active'])).json().list[0].id).toBe(note.id);
  });

  it('refuses a save carrying both a state and a note', async () => {
    const { therapist, patient } = await createHistoryPractice(t);
    const note = (await addNote(t.app, therapist.cookie, patient.id, 'A')).json();
    expect((await save(therapist.cookie, { id: note.id, state: 'deleted', note: 'B' })).statusCode).toBe(422);
  });
});

describe('who may use the medical history', () => {
  it('answers 404 for another practice, another therapist and a missing patient alike', async () => {
    const a = await createHistoryPractice(t);
    const b = await createHistoryPractice(t);
    const note = (await addNote(t.app, a.therapist.cookie, a.patient.id, 'Geheim')).json();
    const file = (await uploadFile(t.app, a.therapist.cookie, a.patient.id, 'befund.pdf', pdfBytes())).json();

    for (const cookie of [b.therapist.cookie, a.colleague.cookie]) {
      expect((await searchHistory(t.app, cookie, a.patient.id)).statusCode).toBe(404);
      expect((await addNote(t.app, cookie, a.patient.id, 'x')).statusCode).toBe(404);
      expect((await save(cookie, { id: note.id, state: 'deleted' })).statusCode).toBe(404);
      expect((await save(cookie, { id: note.id, note: 'x' })).statusCode).toBe(404);
      const download = await call(t.app, cookie, {
        method: 'GET',
        url: `/api/user-medical-history/${file.id}/file/befund.pdf`,
      });
      expect(download.statusCode).toBe(404);
      const share = await call(t.app, cookie, {
        method: 'POST',
        url: `/api/user-medical-history/${file.id}/share`,
        payload: { shared: true },
      });
      expect(share.statusCode).toBe(404);
    }
    expect((await searchHistory(t.app, a.therapist.cookie, 2_000_000_000)).statusCode).toBe(404);
    expect((await save(a.therapist.cookie, { id: 2_000_000_000, state: 'deleted' })).statusCode).toBe(404);
    // Nothing changed by the refused calls.
    const list = (await searchHistory(t.app, a.therapist.cookie, a.patient.id, ['active'])).json().list;
    expect(list.map((entry: { id: number }) => entry.id).sort()).toEqual([note.id, file.id].sort());
  });

  it('refuses assistants, owners without being the therapist, patients and admins by role (403)', async () => {
    const a = await createHistoryPractice(t);
    const admin = await createUser(t.database, { roles: Role.ADMIN });
    const patientCookie = await signIn(t.app, a.patient.email);
    for (const cookie of [a.assistant.cookie, patientCookie, await signIn(t.app, admin.email)]) {
      expect((await searchHistory(t.app, cookie, a.patient.id)).statusCode).toBe(403);
      expect((await addNote(t.app, cookie, a.patient.id, 'x')).statusCode).toBe(403);
    }
    // The owner is a therapist too, but not this patient's: 404.
    expect((await searchHistory(t.app, a.owner.cookie, a.patient.id)).statusCode).toBe(404);
    expect(
      (
        await call(t.app, undefined, {
          method: 'POST',
          url: '/api/user-medical-history/search',
          payload: { filter: { clientId: [a.patient.id] } },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lets a DRS therapist keep the history of their own patients', async () => {
    const a = await createHistoryPractice(t);
    const drs = await createUser(t.database, { roles: Role.THERAPIST_DRS, practiceId: a.practiceId });
    const cookie = await signIn(t.app, drs.email);
    const own = await createPatient(t, { practiceId: a.practiceId, therapistId: drs.id });
    expect((await addNote(t.app, cookie, own.id, 'DRS-Notiz')).statusCode).toBe(201);
    expect((await searchHistory(t.app, cookie, own.id)).json().list).toHaveLength(1);
    expect((await searchHistory(t.app, cookie, a.patient.id)).statusCode).toBe(404);
  });
});

describe('audit of the medical history', () => {
  it('writes a row for each read and change, a denied row for a colleague, and a platform probe for a stranger', async () => {
    const a = await createHistoryPractice(t);
    const b = await createHistoryPractice(t);
    const note = (await addNote(t.app, a.therapist.cookie, a.patient.id, 'Eins')).json();
    await save(a.therapist.cookie, { id: note.id, note: 'Zwei' });
    const v2 = (await searchHistory(t.app, a.therapist.cookie, a.patient.id, ['active'])).json().list[0];
    await save(a.therapist.cookie, { id: v2.id, state: 'deleted' });
    await save(a.therapist.cookie, { id: v2.id, state: 'active' });
    await searchHistory(t.app, a.colleague.cookie, a.patient.id);
    await searchHistory(t.app, b.therapist.cookie, a.patient.id);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, a.patient.id), eq(auditLog.resource, 'medicalHistory')));
    const summary = rows.map(
      (row) => `${row.action}:${row.outcome}:${row.actorUserId === a.therapist.id ? 'own' : 'other'}`,
    );
    expect(summary).toEqual(
      expect.arrayContaining([
        'create:success:own',
        'update:success:own',
        'read:success:own',
        'delete:success:own',
        'restore:success:own',
        'read:denied:other',
      ]),
    );
    expect(rows.filter((row) => row.actorUserId === b.therapist.id)).toEqual([]);
    const probes = await t.database.db.select().from(accessProbes).where(eq(accessProbes.actorUserId, b.therapist.id));
    expect(probes).toEqual([expect.objectContaining({ targetId: String(a.patient.id), resource: 'medicalHistory' })]);
    // Notes never go into the log.
    expect(JSON.stringify(rows)).not.toContain('Eins');
  });
});
