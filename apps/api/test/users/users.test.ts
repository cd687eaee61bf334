import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp, type TestUser } from '../test-app.js';

let t: TestApp;
let parkTherapist: TestUser;
let parkAssistant: TestUser;
let parkPatient: TestUser;
let otherOwner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const park = await createPractice(t.database);
  const other = await createPractice(t.database);
  parkTherapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: park });
  parkAssistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId: park });
  parkPatient = await createUser(t.database, { roles: Role.REGISTERED, practiceId: park });
  otherOwner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: other });
  admin = await createUser(t.database, { roles: Role.ADMIN });
});
afterAll(() => t.close());

const getUser = async (viewer: TestUser, id: number) =>
  call(t.app, await signIn(t.app, viewer.email), { method: 'GET', url: `/api/user/${id}` });

describe('GET /api/user/{id}', () => {
  it('shows users to themselves, to staff of the same practice and to admins', async () => {
    expect((await getUser(parkTherapist, parkTherapist.id)).json()).toMatchObject({ id: parkTherapist.id });
    expect((await getUser(parkAssistant, parkTherapist.id)).statusCode).toBe(200);
    expect((await getUser(admin, otherOwner.id)).statusCode).toBe(200);
  });

  it('answers 404 for users of another practice, as for missing ones', async () => {
    const foreign = await getUser(otherOwner, parkTherapist.id);
    const missing = await getUser(otherOwner, 999_999);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(missing.json().detail);
  });

  it('lets a patient see only themselves', async () => {
    expect((await getUser(parkPatient, parkPatient.id)).statusCode).toBe(200);
    expect((await getUser(parkPatient, parkTherapist.id)).statusCode).toBe(404);
  });

  it('answers a guest only the public profile (public-profile.test.ts), and 422 for a malformed id', async () => {
    const guest = await t.app.inject({ method: 'GET', url: `/api/user/${parkTherapist.id}` });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).not.toHaveProperty('email');
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${parkAssistant.id}` })).statusCode).toBe(404);
    expect((await getUser(parkTherapist, -3)).statusCode).toBe(422);
  });
});

describe('PATCH /api/user/{id}', () => {
  it('updates the caller’s own fields, trimmed, and never the roles', async () => {
    const cookie = await signIn(t.app, parkTherapist.email);
    const response = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/user/${parkTherapist.id}`,
      payload: { firstName: '  Greta ', language: 'en', roles: Role.ADMIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Greta', language: 'en', roles: Role.THERAPIST });
  });

  it('lets an assistant edit a user of the same practice (people §6), and answers 404 for another practice', async () => {
    const cookie = await signIn(t.app, parkAssistant.email);
    const same = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/user/${parkTherapist.id}`,
      payload: { firstName: 'X' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ firstName: 'X' });
    const foreign = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/user/${otherOwner.id}`,
      payload: { firstName: 'X' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('validates: names not empty, phone digits', async () => {
    const cookie = await signIn(t.app, parkTherapist.email);
    const response = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/user/${parkTherapist.id}`,
      payload: { lastName: ' ', phone: 'abc' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ lastName: ['error.required'], phone: ['error.phone'] });
  });
});
