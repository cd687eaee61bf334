import { randomUUID } from 'node:crypto';
import { ErrorCode, NO_SELF_DISABLE, Role, type UserListRow } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPractice, createTestApp, createUser, PASSWORD, signIn, type TestApp } from '../test-app.js';

// Spec people §4 for users without a practice (platform admins): the list's toggle flips their own flag.
let t: TestApp;
let adminCookie: string;
let adminId: number;
let ownerCookie: string;
/**
 * One last name for this file's admins: the list is searched by it, as the users of every other file share the
 * PostgreSQL database and would push them past any page.
 */
const lastName = `Aktivierung${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.database, { roles: Role.ADMIN, lastName });
  adminId = admin.id;
  adminCookie = await signIn(t.app, admin.email);
  const practice = await createPractice(t.database);
  const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: practice });
  ownerCookie = await signIn(t.app, owner.email);
});
afterAll(() => t.close());

const setDeactivated = (cookie: string, id: number, deactivated: boolean) =>
  call(t.app, cookie, { method: 'PATCH', url: `/api/user/${id}`, payload: { deactivated } });
const signInAttempt = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login/credentials', payload: { email, password: PASSWORD } });

async function listedRow(id: number): Promise<UserListRow | undefined> {
  const response = await call(t.app, adminCookie, {
    method: 'GET',
    url: `/api/user?limit=1000&searchString=${lastName}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().list as UserListRow[]).find((row) => row.id === id);
}

describe('activation of a user without practice', () => {
  it('deactivates another admin: listed as deactivated, sessions end, sign-in refused; activating restores it', async () => {
    const other = await createUser(t.database, { roles: Role.ADMIN, lastName });
    const otherCookie = await signIn(t.app, other.email);
    expect(await listedRow(other.id)).toMatchObject({ customerUsers: [], deleted: false, deactivated: false });

    const off = await setDeactivated(adminCookie, other.id, true);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isDeactivated: true, deleted: false });
    // Still in the list, with its state, so the toggle can bring it back.
    expect(await listedRow(other.id)).toMatchObject({ deleted: false, deactivated: true });
    const session = await call(t.app, otherCookie, { method: 'GET', url: '/api/user/current' });
    expect(session.json()).toMatchObject({ status: 401, code: ErrorCode.sessionDeactivated });
    expect((await signInAttempt(other.email)).json().code).toBe(ErrorCode.deactivatedProfile);

    const on = await setDeactivated(adminCookie, other.id, false);
    expect(on.statusCode).toBe(200);
    expect(on.json().isDeactivated).toBe(false);
    expect(await listedRow(other.id)).toMatchObject({ deleted: false, deactivated: false });
    const again = await signInAttempt(other.email);
    expect(again.statusCode).toBe(200);
  });

  it('refuses deactivating oneself; a practice owner reaches no admin (404 like a missing id)', async () => {
    const self = await setDeactivated(adminCookie, adminId, true);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ code: ErrorCode.noSelfDisable, detail: NO_SELF_DISABLE });
    expect(await listedRow(adminId)).toMatchObject({ deactivated: false });

    const foreign = await setDeactivated(ownerCookie, adminId, true);
    const missing = await setDeactivated(ownerCookie, 999_999, true);
    expect([foreign.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(foreign.json().detail).toBe(missing.json().detail);
    expect((await call(t.app, adminCookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(200);
  });

  it('keeps deleting apart: a deleted admin leaves the list and cannot be activated again', async () => {
    const other = await createUser(t.database, { roles: Role.ADMIN, lastName });
    expect((await call(t.app, adminCookie, { method: 'DELETE', url: `/api/user/${other.id}` })).statusCode).toBe(204);
    expect(await listedRow(other.id)).toBeUndefined();
    expect((await setDeactivated(adminCookie, other.id, false)).statusCode).toBe(404);
    expect((await signInAttempt(other.email)).statusCode).toBe(401);
  });
});
