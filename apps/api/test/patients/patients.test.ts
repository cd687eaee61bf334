import { ErrorCode, Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessProbes, patients, users } from '../../src/db/schema.js';
import { auditRows, createPatientVia, patientInput, practiceWithTeam, type Team } from '../patient-fixtures.js';
import { call, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
let team: Team;
let other: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await practiceWithTeam(t, { firstPatientNumber: 1000 });
  other = await practiceWithTeam(t);
});
afterAll(() => t.close());

const post = (cookie: string, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'POST', url: '/api/user/patient', payload });
const patch = (cookie: string, id: number, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'PATCH', url: `/api/user/patient/${id}`, payload });
const get = (cookie: string, id: number, query = '') =>
  call(t.app, cookie, { method: 'GET', url: `/api/user/patient/${id}${query}` });

describe('POST /api/user/patient', () => {
  it('creates a patient record of the therapist with the next number from the first patient number', async () => {
    const response = await post(
      team.therapist.cookie,
      patientInput({
        salutation: 'Frau',
        phone: '030 1234567',
        phoneCountry: 'DE',
        birthday: '1990-04-30 00:00:00',
        street: 'Hauptstraße 1',
        insuranceType: 'privately',
        invoiceDigital: 'no',
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      customerId: team.id,
      therapistId: team.therapist.id,
      patientNumber: 1000,
      roles: Role.REGISTERED,
      phone: '+49301234567',
      phoneCountry: 'DE',
      birthday: '1990-04-30 00:00:00',
      invoiceDigital: 'no',
      sessioncounter: 0,
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, body.id));
    expect(user?.isAccount).toBe(false);
    const second = await createPatientVia(t, team.therapist.cookie);
    expect(second.patientNumber).toBe(1001);
    expect(await auditRows(t, body.id, 'patient')).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'create', outcome: 'success' })]),
    );
  });

  it('defaults invoiceDigital to yes and starts at 1 without a first patient number', async () => {
    const created = await createPatientVia(t, other.therapist.cookie);
    const body = (await get(other.therapist.cookie, created.id)).json();
    expect(body.invoiceDigital).toBe('yes');
    expect(body.patientNumber).toBe(1);
  });

  it('gives distinct numbers to concurrent creations', async () => {
    const created = await Promise.all(Array.from({ length: 5 }, () => createPatientVia(t, team.therapist.cookie)));
    expect(new Set(created.map((patient) => patient.patientNumber)).size).toBe(5);
  });

  it('lets an assistant create for a therapist of the practice, and refuses one of another practice with 404', async () => {
    const created = await createPatientVia(t, team.assistant.cookie, { therapistId: team.otherTherapist.id });
    expect(created.therapistId).toBe(team.otherTherapist.id);
    expect((await post(team.assistant.cookie, patientInput({ therapistId: other.therapist.id }))).statusCode).toBe(404);
    // Without a therapist to act for, an assistant has nobody to create for.
    expect((await post(team.assistant.cookie, patientInput())).statusCode).toBe(404);
    // A therapist cannot file a patient under a colleague.
    expect((await post(team.therapist.cookie, patientInput({ therapistId: team.otherTherapist.id }))).statusCode).toBe(
      404,
    );
  });

  it('refuses another practice as customerId with 404', async () => {
    expect((await post(team.therapist.cookie, patientInput({ customerId: other.id }))).statusCode).toBe(404);
  });

  it('refuses roles without the create permission', async () => {
    expect((await post(team.owner.cookie, patientInput())).statusCode).toBe(403);
    expect((await post(team.patientAccount.cookie, patientInput())).statusCode).toBe(403);
    const admin = await createUser(t.database, { roles: Role.ADMIN });
    expect((await post(await signIn(t.app, admin.email), patientInput())).statusCode).toBe(403);
    expect(
      (await call(t.app, undefined, { method: 'POST', url: '/api/user/patient', payload: patientInput() })).statusCode,
    ).toBe(401);
  });

  it('keeps e-mail addresses unique per therapist among live patients', async () => {
    const email = `same-${Date.now()}@example.org`;
    await createPatientVia(t, team.therapist.cookie, { email });
    const duplicate = await post(team.therapist.cookie, patientInput({ email: email.toUpperCase() }));
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({
      code: ErrorCode.patientEmailTaken,
      validationMessages: { formGlobal: [ErrorCode.patientEmailTaken] },
    });
    // Another therapist may have a patient with the same address.
    expect((await post(team.otherTherapist.cookie, patientInput({ email }))).statusCode).toBe(201);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'error.required'],
    [{ lastName: '  ' }, 'lastName', 'error.required'],
    [{ email: 'keine-adresse' }, 'email', 'error.invalidEmail'],
    [{ street: 'x'.repeat(81) }, 'street', 'error.max80Signs'],
    [{ birthday: '1990-02-30 00:00:00' }, 'birthday', 'error.date'],
    [{ birthday: '30.04.1990' }, 'birthday', 'error.date'],
    // Foundations §5 "date in the future": nobody is born after today.
    [{ birthday: '2199-01-01 00:00:00' }, 'birthday', 'error.dateInFuture'],
    [{ phone: '030 1234567', phoneCountry: null }, 'phoneCountry', 'error.required'],
    [{ phone: '12', phoneCountry: 'DE' }, 'phone', 'error.phone'],
    [{ insuranceType: 'gesetzlich' }, 'insuranceType', 'error.invalidValue'],
    [{ invoiceDigital: 'vielleicht' }, 'invoiceDigital', 'error.invalidValue'],
  ])('answers 422 for %o', async (overrides, field, key) => {
    const response = await post(team.therapist.cookie, patientInput(overrides));
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages[field]).toContain(key);
  });

  it('validates the phone in its own country', async () => {
    const response = await post(team.therapist.cookie, patientInput({ phone: '01 23 45 67 89', phoneCountry: 'FR' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().phone).toBe('+33123456789');
  });
});

describe('GET /api/user/patient/{id}', () => {
  it('answers the record with the session counter and audits the read', async () => {
    const created = await createPatientVia(t, team.therapist.cookie);
    const response = await get(team.therapist.cookie, created.id, `?sessioncounter=${team.therapist.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, sessioncounter: 0 });
    expect((await get(team.assistant.cookie, created.id)).statusCode).toBe(200);
    expect((await get(team.owner.cookie, created.id)).statusCode).toBe(200);
    const reads = (await auditRows(t, created.id, 'patient')).filter((row) => row.action === 'read');
    expect(reads.length).toBeGreaterThanOrEqual(3);
  });

  it('answers 404 to another therapist, another practice and a missing id, and audits the refusal', async () => {
    const created = await createPatientVia(t, team.therapist.cookie);
    expect((await get(team.otherTherapist.cookie, created.id)).statusCode).toBe(404);
    expect((await get(other.assistant.cookie, created.id)).statusCode).toBe(404);
    expect((await get(team.therapist.cookie, 999_999)).statusCode).toBe(404);
    expect((await get(team.patientAccount.cookie, created.id)).statusCode).toBe(403);
    // The colleague's refusal is the practice's business; the other practice's probe is only the platform's.
    const denied = (await auditRows(t, created.id, 'patient')).filter((row) => row.outcome === 'denied');
    expect(denied).toEqual([expect.objectContaining({ actorUserId: team.otherTherapist.id })]);
    const probes = await t.database.db
      .select()
      .from(accessProbes)
      .where(eq(accessProbes.targetId, String(created.id)));
    expect(probes).toEqual([expect.objectContaining({ actorUserId: other.assistant.id, outcome: 'denied' })]);
  });
});

describe('PATCH /api/user/patient/{id}', () => {
  it('changes fields and the patient number, and audits which fields changed', async () => {
    const created = await createPatientVia(t, team.therapist.cookie);
    const response = await patch(team.assistant.cookie, created.id, {
      patientNumber: '5000',
      city: 'Potsdam',
      internalNote: 'nur intern',
      birthday: '2000-01-31',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ patientNumber: 5000, city: 'Potsdam', birthday: '2000-01-31 00:00:00' });
    const update = (await auditRows(t, created.id, 'patient')).find((row) => row.action === 'update');
    expect(update?.detail).toMatchObject({ fields: expect.arrayContaining(['city', 'patientNumber']) });
    expect(JSON.stringify(update?.detail)).not.toContain('nur intern');
  });

  it('refuses a patient number another patient of the practice has', async () => {
    const first = await createPatientVia(t, team.therapist.cookie);
    const second = await createPatientVia(t, team.therapist.cookie);
    const response = await patch(team.therapist.cookie, second.id, { patientNumber: first.patientNumber });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: ErrorCode.patientNumberTaken,
      validationMessages: { formGlobal: [ErrorCode.patientNumberTaken] },
    });
    expect(
      (await patch(team.therapist.cookie, second.id, { patientNumber: '12a' })).json().validationMessages.patientNumber,
    ).toEqual(['error.onlyDigits']);
  });

  it('allows the same number in another practice', async () => {
    const mine = await createPatientVia(t, team.therapist.cookie);
    const theirs = await createPatientVia(t, other.therapist.cookie);
    expect((await patch(other.therapist.cookie, theirs.id, { patientNumber: mine.patientNumber })).statusCode).toBe(
      200,
    );
  });

  it('refuses an e-mail another patient of the therapist has', async () => {
    const email = `taken-${Date.now()}@example.org`;
    await createPatientVia(t, team.therapist.cookie, { email });
    const second = await createPatientVia(t, team.therapist.cookie);
    const response = await patch(team.therapist.cookie, second.id, { email });
    expect(response.json()).toMatchObject({
      code: ErrorCode.patientEmailTaken,
      validationMessages: { formGlobal: [ErrorCode.patientEmailTaken] },
    });
  });

  it('sets the default diagnosis only to one of the patient', async () => {
    const created = await createPatientVia(t, team.therapist.cookie);
    const someoneElse = await createPatientVia(t, team.therapist.cookie);
    const diagnosis = await call(t.app, team.therapist.cookie, {
      method: 'POST',
      url: '/api/user-diagnosis',
      payload: { userId: someoneElse.id, freeText: 'Anpassungsstörung' },
    });
    const foreign = await patch(team.therapist.cookie, created.id, { defaultUserDiagnosisId: diagnosis.json().id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().validationMessages.defaultUserDiagnosisId).toEqual(['error.invalidValue']);
    const own = await patch(team.therapist.cookie, someoneElse.id, { defaultUserDiagnosisId: diagnosis.json().id });
    expect(own.json().defaultUserDiagnosisId).toBe(diagnosis.json().id);
  });

  it('answers 404 for other practices and other therapists', async () => {
    const created = await createPatientVia(t, team.therapist.cookie);
    expect((await patch(other.therapist.cookie, created.id, { city: 'X' })).statusCode).toBe(404);
    expect((await patch(team.otherTherapist.cookie, created.id, { city: 'X' })).statusCode).toBe(404);
    expect((await patch(team.patientAccount.cookie, created.id, { city: 'X' })).statusCode).toBe(403);
  });
});

describe('DELETE /api/user/patient/{id}', () => {
  it('soft-deletes: the rows stay, the record answers 404 afterwards', async () => {
    const created = await createPatientVia(t, team.therapist.cookie);
    expect(
      (await call(t.app, other.owner.cookie, { method: 'DELETE', url: `/api/user/patient/${created.id}` })).statusCode,
    ).toBe(404);
    const response = await call(t.app, team.therapist.cookie, {
      method: 'DELETE',
      url: `/api/user/patient/${created.id}`,
    });
    expect(response.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(patients).where(eq(patients.userId, created.id));
    expect(row?.deletedAt).not.toBeNull();
    expect((await get(team.therapist.cookie, created.id)).statusCode).toBe(404);
    expect((await auditRows(t, created.id, 'patient')).some((audit) => audit.action === 'delete')).toBe(true);
  });
});
