import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients, users } from '../../src/db/schema.js';
import { createPatient } from '../patient-factory.js';
import { auditRows } from '../patient-fixtures.js';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
let practiceId: number;
let therapist: { id: number; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  practiceId = await createPractice(t.database);
  const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
  therapist = { id: user.id, cookie: await signIn(t.app, user.email) };
});
afterAll(() => t.close());

/** A patient of the therapist with a sign-in account and some practice-only data, signed in. */
async function signedInPatient() {
  const patient = await createPatient(t, { practiceId, therapistId: therapist.id, withAccount: true });
  await t.database.db
    .update(patients)
    .set({ internalNote: 'Nur für die Praxis', invoiceRemark: 'Bemerkung', insuranceType: 'privately' })
    .where(eq(patients.userId, patient.id));
  return { ...patient, cookie: await signIn(t.app, patient.email) };
}

const get = (cookie: string) => call(t.app, cookie, { method: 'GET', url: '/api/patient/profile' });
const patch = (cookie: string, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'PATCH', url: '/api/patient/profile', payload });

async function storedRecord(id: number) {
  const [row] = await t.database.db
    .select({ patient: patients, user: users })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.userId, id));
  if (!row) throw new Error(`no patient ${id}`);
  return row;
}

describe('GET /api/patient/profile', () => {
  it('answers the signed-in patient with their contact data only, and audits the read', async () => {
    const patient = await signedInPatient();
    const response = await get(patient.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: patient.id,
      email: patient.email,
      firstName: 'Max',
      lastName: patient.lastName,
      birthday: '1980-04-02 00:00:00',
      phoneCountry: 'DE',
      country: 'DE',
      invoiceDigital: 'yes',
    });
    for (const field of ['patientNumber', 'internalNote', 'invoiceRemark', 'insuranceType', 'therapistId']) {
      expect(body, field).not.toHaveProperty(field);
    }
    const reads = (await auditRows(t, patient.id, 'patient')).filter((row) => row.action === 'read');
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorUserId: patient.id, customerId: practiceId, outcome: 'success' });
  });

  it('refuses staff with 403, whatever their role', async () => {
    expect((await get(therapist.cookie)).statusCode).toBe(403);
    for (const roles of [Role.CUSTOMER_ADMIN, Role.SECRETARY, Role.ADMIN, Role.THERAPIST_DRS]) {
      const user = await createUser(t.database, { roles, practiceId: roles === Role.ADMIN ? undefined : practiceId });
      const cookie = await signIn(t.app, user.email);
      expect((await get(cookie)).statusCode, String(roles)).toBe(403);
      expect((await patch(cookie, { city: 'Hamburg' })).statusCode, String(roles)).toBe(403);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/patient/profile' })).statusCode).toBe(401);
  });

  it('answers 404 once the record was deleted, and audits the refusal', async () => {
    const patient = await signedInPatient();
    await t.database.db.update(patients).set({ deletedAt: new Date() }).where(eq(patients.userId, patient.id));
    expect((await get(patient.cookie)).statusCode).toBe(404);
    expect((await patch(patient.cookie, { city: 'Hamburg' })).statusCode).toBe(404);
    const rows = await auditRows(t, patient.id, 'patient');
    expect(rows.map((row) => [row.action, row.outcome]).sort()).toEqual([
      ['read', 'denied'],
      ['update', 'denied'],
    ]);
    expect((await storedRecord(patient.id)).user.city).toBeNull();
  });
});

describe('PATCH /api/patient/profile', () => {
  it('changes the contact data with the staff form’s rules, audited by field name', async () => {
    const patient = await signedInPatient();
    const response = await patch(patient.cookie, {
      salutation: 'Herr',
      title: 'Dr.',
      firstName: ' Moritz ',
      lastName: 'Neu',
      phoneCountry: 'DE',
      phone: '030 1234567',
      birthday: '1985-12-31 00:00:00',
      street: 'Parkweg 2',
      postalCode: '20095',
      city: 'Hamburg',
      country: 'de',
      careOf: 'Eltern',
      invoiceAddress: 'Elternweg 1\n20095 Hamburg',
      invoiceDigital: 'no',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: patient.id,
      email: patient.email,
      salutation: 'Herr',
      title: 'Dr.',
      firstName: 'Moritz',
      lastName: 'Neu',
      phoneCountry: 'DE',
      phone: '+49301234567',
      birthday: '1985-12-31 00:00:00',
      street: 'Parkweg 2',
      postalCode: '20095',
      city: 'Hamburg',
      country: 'DE',
      careOf: 'Eltern',
      invoiceAddress: 'Elternweg 1\n20095 Hamburg',
      invoiceDigital: 'no',
      hasAvatar: false,
      language: 'de',
    });
    expect((await get(patient.cookie)).json()).toEqual(response.json());
    // The practice's fields stay as they were.
    const stored = await storedRecord(patient.id);
    expect(stored.patient).toMatchObject({
      patientNumber: patient.patientNumber,
      customerId: practiceId,
      therapistId: therapist.id,
      internalNote: 'Nur für die Praxis',
      invoiceRemark: 'Bemerkung',
      insuranceType: 'privately',
    });
    const updates = (await auditRows(t, patient.id, 'patient')).filter((row) => row.action === 'update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({
      actorUserId: patient.id,
      customerId: practiceId,
      outcome: 'success',
      detail: { fields: expect.arrayContaining(['street', 'phone', 'birthday', 'careOf']) },
    });
    // Field names only, never the values.
    expect(JSON.stringify(updates[0]?.detail)).not.toContain('Parkweg');
  });

  it('changes only the fields sent, and clears an optional one sent empty', async () => {
    const patient = await signedInPatient();
    await patch(patient.cookie, { city: 'Bremen', street: 'Am Wall 1' });
    const response = await patch(patient.cookie, { street: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ city: 'Bremen', street: null, birthday: '1980-04-02 00:00:00' });
  });

  it('sets the interface language, only de or en, which the next sign-in answers', async () => {
    const patient = await signedInPatient();
    for (const language of ['fr', null]) {
      const refused = await patch(patient.cookie, { language });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().validationMessages).toHaveProperty('language');
    }
    const response = await patch(patient.cookie, { language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ language: 'en', city: null });
    const again = await signIn(t.app, patient.email);
    expect((await call(t.app, again, { method: 'GET', url: '/api/user/current' })).json().language).toBe('en');
  });

  it('validates the phone in its own country', async () => {
    const patient = await signedInPatient();
    const response = await patch(patient.cookie, { phone: '01 23 45 67 89', phoneCountry: 'FR' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ phone: '+33123456789', phoneCountry: 'FR' });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'error.required'],
    [{ lastName: '  ' }, 'lastName', 'error.required'],
    [{ firstName: 'x'.repeat(101) }, 'firstName', 'error.tooLong'],
    [{ street: 'x'.repeat(81) }, 'street', 'error.max80Signs'],
    [{ postalCode: '1'.repeat(21) }, 'postalCode', 'error.tooLong'],
    [{ city: 'x'.repeat(101) }, 'city', 'error.tooLong'],
    [{ careOf: 'x'.repeat(201) }, 'careOf', 'error.tooLong'],
    [{ invoiceAddress: 'x'.repeat(801) }, 'invoiceAddress', 'error.tooLong'],
    // DIN 5008: the window holds six lines of 40 characters; a longer address would be cut on the letter.
    [{ invoiceAddress: 'A\nB\nC\nD\nE\nF\n12345 Ort' }, 'invoiceAddress', 'error.addressWindow'],
    [{ invoiceAddress: `${'x'.repeat(41)}\n12345 Ort` }, 'invoiceAddress', 'error.addressWindow'],
    [{ birthday: '1990-02-30 00:00:00' }, 'birthday', 'error.date'],
    [{ birthday: '30.04.1990' }, 'birthday', 'error.date'],
    // Foundations §5 "date in the future": nobody is born after today.
    [{ birthday: '2199-01-01 00:00:00' }, 'birthday', 'error.dateInFuture'],
    [{ phone: '030 1234567', phoneCountry: null }, 'phoneCountry', 'error.required'],
    [{ phone: '12', phoneCountry: 'DE' }, 'phone', 'error.phone'],
    [{ phone: 'x'.repeat(31), phoneCountry: 'DE' }, 'phone', 'error.phone'],
    [{ phoneCountry: 'Deutschland' }, 'phoneCountry', 'error.invalidValue'],
    [{ country: 'D' }, 'country', 'error.invalidValue'],
    [{ salutation: 'Hallo' }, 'salutation', 'error.invalidValue'],
    [{ title: 'Magister' }, 'title', 'error.invalidValue'],
    [{ invoiceDigital: 'vielleicht' }, 'invoiceDigital', 'error.invalidValue'],
    [{ city: 'a\u0000b' }, 'city', 'error.invalidValue'],
  ])('answers 422 for %o and stores nothing', async (payload, field, key) => {
    const patient = await signedInPatient();
    const before = await storedRecord(patient.id);
    const response = await patch(patient.cookie, { street: 'Neuer Weg 9', ...payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages[field]).toContain(key);
    expect(await storedRecord(patient.id)).toEqual(before);
  });

  it.each([
    ['patientNumber', 4711],
    ['internalNote', 'Von mir geändert'],
    ['invoiceRemark', 'Von mir geändert'],
    ['insuranceType', 'legally'],
    ['email', 'neu@test.example.org'],
    ['customerId', 1],
    ['therapistId', 1],
    ['defaultUserDiagnosisId', 1],
    ['diagnoses', []],
    ['feeDefaults', []],
    ['roles', Role.ADMIN],
  ])('refuses the practice’s field %s with a 422 and changes nothing', async (field, value) => {
    const patient = await signedInPatient();
    const before = await storedRecord(patient.id);
    const response = await patch(patient.cookie, { city: 'Hamburg', [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages.body).toEqual(['error.invalidValue']);
    expect(await storedRecord(patient.id)).toEqual(before);
  });

  it('another patient’s record cannot be reached: each patient edits only their own', async () => {
    const first = await signedInPatient();
    const second = await signedInPatient();
    await patch(first.cookie, { city: 'Kiel' });
    expect((await storedRecord(second.id)).user.city).toBeNull();
    expect((await get(second.cookie)).json().id).toBe(second.id);
  });
});

describe('PATCH /api/user/{id} for a patient', () => {
  it('is refused: the user form cannot bypass the patient profile’s rules and audit', async () => {
    const patient = await signedInPatient();
    const response = await call(t.app, patient.cookie, {
      method: 'PATCH',
      url: `/api/user/${patient.id}`,
      payload: { lastName: 'Umgangen', email: 'umgangen@example.org' },
    });
    expect(response.statusCode).toBe(403);
    const stored = await storedRecord(patient.id);
    expect(stored.user.lastName).not.toBe('Umgangen');
    expect(stored.user.email).toBe(patient.email);
  });
});
