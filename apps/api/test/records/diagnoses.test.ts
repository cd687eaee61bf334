import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessProbes } from '../../src/db/schema.js';
import { auditRows, createPatientVia, practiceWithTeam, type Team } from '../patient-fixtures.js';
import { call, createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: Team;
let other: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await practiceWithTeam(t);
  other = await practiceWithTeam(t);
});
afterAll(() => t.close());

const addDiagnosis = (cookie: string, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'POST', url: '/api/user-diagnosis', payload });
const listDiagnoses = (cookie: string, userId: number) =>
  call(t.app, cookie, { method: 'GET', url: `/api/user-diagnosis?userId=${userId}` });

describe('GET /api/diagnosis (catalogue)', () => {
  it('finds codes by prefix and titles by words, at most 50', async () => {
    const byCode = (
      await call(t.app, team.therapist.cookie, { method: 'GET', url: '/api/diagnosis?searchString=F32' })
    ).json();
    expect(byCode.list[0]).toEqual({ codeValue: 'F32.0', title: 'Leichte depressive Episode' });
    expect(byCode.list.every((item: { codeValue: string }) => item.codeValue.startsWith('F32'))).toBe(true);
    const byWords = (
      await call(t.app, team.therapist.cookie, {
        method: 'GET',
        url: '/api/diagnosis?searchString=depressive%20leichte',
      })
    ).json();
    expect(byWords.list.map((item: { codeValue: string }) => item.codeValue)).toContain('F32.0');
    const all = (await call(t.app, team.assistant.cookie, { method: 'GET', url: '/api/diagnosis' })).json();
    expect(all.list).toHaveLength(50);
    const wildcard = (
      await call(t.app, team.therapist.cookie, { method: 'GET', url: '/api/diagnosis?searchString=%25' })
    ).json();
    expect(wildcard.list).toHaveLength(0);
  });

  it('is refused to owners without the diagnosis permission and to patients', async () => {
    expect((await call(t.app, team.owner.cookie, { method: 'GET', url: '/api/diagnosis' })).statusCode).toBe(403);
    expect((await call(t.app, team.patientAccount.cookie, { method: 'GET', url: '/api/diagnosis' })).statusCode).toBe(
      403,
    );
  });
});

describe('patient diagnoses', () => {
  it('adds a catalogue code and a free text, lists them with titles, deletes one; each step audited', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const code = await addDiagnosis(team.therapist.cookie, { userId: patient.id, codeValue: 'f32.0' });
    expect(code.statusCode).toBe(201);
    expect(code.json()).toMatchObject({
      userId: patient.id,
      codeValue: 'F32.0',
      freeText: null,
      title: 'Leichte depressive Episode',
    });
    const text = await addDiagnosis(team.assistant.cookie, { userId: patient.id, freeText: 'Prüfungsangst' });
    expect(text.json()).toMatchObject({ codeValue: null, freeText: 'Prüfungsangst' });
    const list = (await listDiagnoses(team.therapist.cookie, patient.id)).json().list;
    expect(list.map((item: { id: number }) => item.id)).toEqual([code.json().id, text.json().id]);
    const removed = await call(t.app, team.therapist.cookie, {
      method: 'DELETE',
      url: `/api/user-diagnosis/${code.json().id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await listDiagnoses(team.therapist.cookie, patient.id)).json().list).toHaveLength(1);
    const actions = (await auditRows(t, patient.id, 'diagnosis')).map((row) => `${row.action}:${row.outcome}`);
    expect(actions).toEqual(expect.arrayContaining(['create:success', 'read:success', 'delete:success']));
  });

  it.each([
    [{ codeValue: 'X99.9' }, 'codeValue', 'error.invalidValue'],
    [{}, 'codeValue', 'error.required'],
    [{ codeValue: 'F32.0', freeText: 'beides' }, 'freeText', 'error.required'],
    [{ freeText: 'x'.repeat(501) }, 'freeText', 'error.tooLong'],
  ])('answers 422 for %o', async (payload, field, key) => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const response = await addDiagnosis(team.therapist.cookie, { userId: patient.id, ...payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages[field]).toContain(key);
  });

  it('answers 404 for patients of other practices or other therapists, and audits the refusal', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const diagnosis = (
      await addDiagnosis(team.therapist.cookie, { userId: patient.id, freeText: 'Schlafstörung' })
    ).json();
    expect((await listDiagnoses(other.therapist.cookie, patient.id)).statusCode).toBe(404);
    expect((await listDiagnoses(team.otherTherapist.cookie, patient.id)).statusCode).toBe(404);
    expect((await addDiagnosis(other.assistant.cookie, { userId: patient.id, freeText: 'x' })).statusCode).toBe(404);
    expect(
      (await call(t.app, other.therapist.cookie, { method: 'DELETE', url: `/api/user-diagnosis/${diagnosis.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, team.therapist.cookie, { method: 'DELETE', url: '/api/user-diagnosis/999999' })).statusCode,
    ).toBe(404);
    expect((await listDiagnoses(team.owner.cookie, patient.id)).statusCode).toBe(403);
    // The colleague's refusal is the practice's business; the other practice's probes are only the platform's. Its
    // delete by the diagnosis' id leaves no probe: to it that id does not exist, as for the missing 999999.
    const denied = (await auditRows(t, patient.id, 'diagnosis')).filter((row) => row.outcome === 'denied');
    expect(denied.map((row) => row.actorUserId)).toEqual([team.otherTherapist.id]);
    const probes = await t.database.db
      .select()
      .from(accessProbes)
      .where(eq(accessProbes.targetId, String(patient.id)));
    expect(probes.map((probe) => probe.actorUserId).sort()).toEqual([other.therapist.id, other.assistant.id].sort());
  });

  it('clears the default when the default diagnosis is deleted', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const diagnosis = (await addDiagnosis(team.therapist.cookie, { userId: patient.id, codeValue: 'F41.0' })).json();
    await call(t.app, team.therapist.cookie, {
      method: 'PATCH',
      url: `/api/user/patient/${patient.id}`,
      payload: { defaultUserDiagnosisId: diagnosis.id },
    });
    await call(t.app, team.therapist.cookie, { method: 'DELETE', url: `/api/user-diagnosis/${diagnosis.id}` });
    const record = (
      await call(t.app, team.therapist.cookie, { method: 'GET', url: `/api/user/patient/${patient.id}` })
    ).json();
    expect(record.defaultUserDiagnosisId).toBeNull();
  });
});
