import { buildJustificationSentence } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
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

const JUSTIFIED = buildJustificationSentence(['extraTime']);

const create = (cookie: string, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'POST', url: '/api/user-medical-fee-schedule', payload });
const search = (cookie: string, userId: number[]) =>
  call(t.app, cookie, {
    method: 'POST',
    url: '/api/user-medical-fee-schedule/search',
    payload: { filter: { userId } },
  });
const remove = (cookie: string, id: number[]) =>
  call(t.app, cookie, { method: 'POST', url: '/api/user-medical-fee-schedule/delete', payload: { filter: { id } } });

describe('GET /api/medical-fee-schedule (catalogue)', () => {
  it('answers items with the amount at factor 1 in euros, rounded half up', async () => {
    const response = await call(t.app, team.therapist.cookie, {
      method: 'GET',
      url: '/api/medical-fee-schedule?searchString=870',
    });
    expect(response.statusCode).toBe(200);
    const item = response.json().list.find((entry: { codeValue: string }) => entry.codeValue === '870');
    // 750 points × 5.82873 ct = 4371.5475 ct.
    expect(item).toMatchObject({
      codeValue: '870',
      titleShort: 'Verhaltenstherapie',
      amount: 43.72,
      points: 750,
      maxFactor: '3.5',
    });
    const byWord = (
      await call(t.app, team.assistant.cookie, {
        method: 'GET',
        url: '/api/medical-fee-schedule?searchString=verhaltenstherapie',
      })
    ).json();
    expect(byWord.list.length).toBeGreaterThan(0);
    expect(byWord.list.length).toBeLessThanOrEqual(50);
  });

  it('is refused to patients', async () => {
    expect(
      (await call(t.app, team.patientAccount.cookie, { method: 'GET', url: '/api/medical-fee-schedule' })).statusCode,
    ).toBe(403);
  });
});

describe('patient fee defaults', () => {
  it('creates GOÄ and coaching entries, lists them with the rate stripped and euros, deletes them; audited', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const goae = await create(team.therapist.cookie, {
      userId: patient.id,
      codeValue: '870',
      alternativeTitle: 'Einzelsitzung',
      incrementalRate: '3.0',
      justification: JUSTIFIED,
    });
    expect(goae.statusCode).toBe(201);
    expect(goae.json()).toMatchObject({
      codeValue: '870',
      incrementalRate: '3',
      alternativeTitle: 'Einzelsitzung',
      justification: JUSTIFIED,
    });
    // With its catalogue item, so the form labels it like the search (870: 750 points = 43,72 € at 1,0, max 3,5)
    // and knows from which rate on it needs a justification.
    expect(goae.json().item).toMatchObject({
      codeValue: '870',
      points: 750,
      amount: 43.72,
      maxFactor: '3.5',
      thresholdFactor: '2.3',
    });
    const coaching = await create(team.assistant.cookie, {
      userId: patient.id,
      coachingTitle: 'Coaching 60 min',
      coachingAmount: '89,50',
      coachingAmountTax: 'add',
    });
    expect(coaching.statusCode).toBe(201);
    expect(coaching.json()).toMatchObject({ codeValue: null, coachingAmount: 89.5, coachingAmountTax: 'add' });
    const list = (await search(team.therapist.cookie, [patient.id])).json().list;
    expect(list).toHaveLength(2);
    expect((await remove(team.therapist.cookie, [goae.json().id, coaching.json().id])).statusCode).toBe(204);
    expect((await search(team.therapist.cookie, [patient.id])).json().list).toHaveLength(0);
    const actions = (await auditRows(t, patient.id, 'feeDefault')).map((row) => `${row.action}:${row.outcome}`);
    expect(actions.filter((action) => action === 'create:success')).toHaveLength(2);
    expect(actions.filter((action) => action === 'delete:success')).toHaveLength(2);
    expect(actions).toContain('read:success');
  });

  it.each([
    // §2 GOÄ: above the maximum only with a signed fee agreement, which this patient has not.
    [{ codeValue: '870', incrementalRate: '3.6' }, 'incrementalRate', 'error.feeAgreementRequired'],
    [{ codeValue: '870', incrementalRate: '0.9' }, 'incrementalRate', 'error.invalidValue'],
    [{ codeValue: '870', incrementalRate: '2,345' }, 'incrementalRate', 'error.invalidValue'],
    [{ codeValue: '870', incrementalRate: '2.4' }, 'justification', 'error.justificationRequired'],
    [{ codeValue: '99999', incrementalRate: '2.3' }, 'codeValue', 'error.invalidValue'],
    [{ coachingTitle: '', coachingAmount: 10 }, 'coachingTitle', 'error.required'],
    [{ coachingTitle: 'Coaching', coachingAmount: 'zehn' }, 'coachingAmount', 'error.invalidValue'],
  ])('answers 422 for %o', async (payload, field, key) => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const response = await create(team.therapist.cookie, { userId: patient.id, ...payload });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json().validationMessages)).toContain(field);
    expect(JSON.stringify(response.json().validationMessages)).toContain(key);
  });

  it('accepts the highest rate of the item', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const response = await create(team.therapist.cookie, {
      userId: patient.id,
      codeValue: '870',
      incrementalRate: 3.5,
      justification: JUSTIFIED,
    });
    expect(response.json().incrementalRate).toBe('3.5');
  });

  it('answers 404 for patients and entries of other practices or other therapists', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const entry = (
      await create(team.therapist.cookie, { userId: patient.id, codeValue: '870', incrementalRate: '2.3' })
    ).json();
    expect((await search(other.therapist.cookie, [patient.id])).statusCode).toBe(404);
    expect((await search(team.otherTherapist.cookie, [patient.id])).statusCode).toBe(404);
    expect(
      (await create(other.assistant.cookie, { userId: patient.id, codeValue: '870', incrementalRate: '2.3' }))
        .statusCode,
    ).toBe(404);
    expect((await remove(other.therapist.cookie, [entry.id])).statusCode).toBe(404);
    expect((await remove(team.therapist.cookie, [entry.id, 999999])).statusCode).toBe(404);
    expect((await search(team.therapist.cookie, [patient.id])).json().list).toHaveLength(1);
    expect((await search(team.patientAccount.cookie, [patient.id])).statusCode).toBe(403);
  });
});

describe('PUT /api/user/patient/{id}/record and POST /api/user/patient/record', () => {
  it('saves patient, fee defaults and diagnoses together, and syncs by comparing lists', async () => {
    const created = await call(t.app, team.assistant.cookie, {
      method: 'POST',
      url: '/api/user/patient/record',
      payload: {
        patient: {
          firstName: 'Rita',
          lastName: 'Record',
          email: `rita-${Date.now()}@example.org`,
          therapistId: team.therapist.id,
        },
        feeDefaults: [{ codeValue: '870', incrementalRate: '3,0', justification: JUSTIFIED }],
        diagnoses: [
          { codeValue: 'F32.0', isDefault: false },
          { freeText: 'Prüfungsangst', isDefault: true },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record.feeDefaults).toHaveLength(1);
    expect(record.diagnoses).toHaveLength(2);
    const defaultDiagnosis = record.diagnoses.find(
      (item: { freeText: string | null }) => item.freeText === 'Prüfungsangst',
    );
    expect(record.patient.defaultUserDiagnosisId).toBe(defaultDiagnosis.id);

    const saved = await call(t.app, team.therapist.cookie, {
      method: 'PUT',
      url: `/api/user/patient/${record.patient.id}/record`,
      payload: {
        patient: { city: 'Köln' },
        feeDefaults: [{ coachingTitle: 'Nachgespräch', coachingAmount: 40 }],
        diagnoses: [{ id: record.diagnoses[0].id, isDefault: true }],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().patient).toMatchObject({ city: 'Köln', defaultUserDiagnosisId: record.diagnoses[0].id });
    expect(saved.json().feeDefaults.map((fee: { coachingTitle: string }) => fee.coachingTitle)).toEqual([
      'Nachgespräch',
    ]);
    expect(saved.json().diagnoses).toHaveLength(1);
  });

  it('refuses a default above its threshold without a justification at its row, with a text, and keeps nothing', async () => {
    const email = `unjustified-${Date.now()}@example.org`;
    const response = await call(t.app, team.therapist.cookie, {
      method: 'POST',
      url: '/api/user/patient/record',
      payload: {
        patient: { firstName: 'Ulla', lastName: 'Unbegründet', email },
        feeDefaults: [
          { coachingTitle: '50 min Coaching', coachingAmount: '90' },
          { codeValue: '870', incrementalRate: '2,3' },
          { codeValue: '870', incrementalRate: '3,0', justification: ' ' },
        ],
        diagnoses: [],
      },
    });
    expect(response.statusCode).toBe(422);
    // The field path names the row as the request listed it, so the form shows the message there.
    expect(response.json()).toMatchObject({
      validationMessages: { 'feeDefaults.2.justification': ['error.justificationRequired'] },
      detail: 'Für den Steigerungssatz 3 über 2,3 fehlt die Begründung (Nr. 870).',
    });
    const [stored] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(stored).toBeUndefined();

    // Any refusal of a row names its row: here a code the catalogue does not know.
    const patient = await createPatientVia(t, team.therapist.cookie);
    const unknownCode = await call(t.app, team.therapist.cookie, {
      method: 'PUT',
      url: `/api/user/patient/${patient.id}/record`,
      payload: { patient: {}, feeDefaults: [{ codeValue: '99999', incrementalRate: '2,3' }], diagnoses: [] },
    });
    expect(unknownCode.json().validationMessages).toEqual({ 'feeDefaults.0.codeValue': ['error.invalidValue'] });
    // The schema's refusals name the field too, beside a stored row kept by its id.
    const kept = (
      await create(team.therapist.cookie, { userId: patient.id, codeValue: '870', incrementalRate: '2.3' })
    ).json();
    const badAmount = await call(t.app, team.therapist.cookie, {
      method: 'PUT',
      url: `/api/user/patient/${patient.id}/record`,
      payload: {
        patient: {},
        feeDefaults: [{ id: kept.id }, { coachingTitle: '50 min Coaching', coachingAmount: '0' }],
        diagnoses: [],
      },
    });
    expect(badAmount.json().validationMessages).toEqual({ 'feeDefaults.1.coachingAmount': ['error.invalidValue'] });
  });

  it('keeps nothing of a save whose later step fails', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const response = await call(t.app, team.therapist.cookie, {
      method: 'PUT',
      url: `/api/user/patient/${patient.id}/record`,
      payload: {
        patient: { city: 'Bonn' },
        feeDefaults: [{ codeValue: '870', incrementalRate: '2.3' }],
        diagnoses: [{ codeValue: 'X99.9', isDefault: true }],
      },
    });
    expect(response.statusCode).toBe(422);
    const record = (
      await call(t.app, team.therapist.cookie, { method: 'GET', url: `/api/user/patient/${patient.id}` })
    ).json();
    expect(record.city).toBeNull();
    expect((await search(team.therapist.cookie, [patient.id])).json().list).toHaveLength(0);
  });

  it('needs exactly one default when there are diagnoses', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const response = await call(t.app, team.therapist.cookie, {
      method: 'PUT',
      url: `/api/user/patient/${patient.id}/record`,
      payload: { patient: {}, feeDefaults: [], diagnoses: [{ freeText: 'A' }, { freeText: 'B' }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages.defaultUserDiagnosisId).toEqual(['error.defaultDiagnosisRequired']);
  });

  it('refuses ids of another patient in the lists, and other practices with 404', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    const elsewhere = await createPatientVia(t, team.therapist.cookie);
    const foreignFee = (
      await create(team.therapist.cookie, { userId: elsewhere.id, codeValue: '870', incrementalRate: '2.3' })
    ).json();
    const response = await call(t.app, team.therapist.cookie, {
      method: 'PUT',
      url: `/api/user/patient/${patient.id}/record`,
      payload: { patient: {}, feeDefaults: [{ id: foreignFee.id }], diagnoses: [] },
    });
    expect(response.statusCode).toBe(422);
    const foreignPractice = await call(t.app, other.therapist.cookie, {
      method: 'PUT',
      url: `/api/user/patient/${patient.id}/record`,
      payload: { patient: {}, feeDefaults: [], diagnoses: [] },
    });
    expect(foreignPractice.statusCode).toBe(404);
  });
});
