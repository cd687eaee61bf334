import { randomUUID } from 'node:crypto';
import { ErrorCode, NO_SELF_DELETE, NO_SELF_DISABLE, Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, users } from '../../src/db/schema.js';
import { createPatientVia, practiceWithTeam, type Team } from '../patient-fixtures.js';
import { call, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
let team: Team;
let other: Team;
let adminCookie: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  team = await practiceWithTeam(t);
  other = await practiceWithTeam(t);
  const admin = await createUser(t.database, { roles: Role.ADMIN });
  adminId = admin.id;
  adminCookie = await signIn(t.app, admin.email);
});
afterAll(() => t.close());

const list = (cookie: string, query: string) => call(t.app, cookie, { method: 'GET', url: `/api/user?${query}` });
type Row = {
  id: number;
  lastName: string;
  firstName: string;
  patientNumber: number | null;
  customers: { id: number }[];
};
const ids = (body: { list: Row[] }) => body.list.map((row) => row.id);

describe('GET /api/user (staff list)', () => {
  it('lists the staff of the acting practice only, with assignments and the answer shape', async () => {
    const response = await list(team.owner.cookie, 'limit=50&page=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ currentPage: 1, limit: 50, maxItems: 4 });
    expect(ids(body).sort()).toEqual(
      [team.owner.id, team.therapist.id, team.otherTherapist.id, team.assistant.id].sort(),
    );
    const owner = body.list.find((row: Row) => row.id === team.owner.id);
    expect(owner).toMatchObject({
      customers: [{ id: team.id, name: expect.any(String) }],
      customerUsers: [{ id: expect.any(Number), customerId: team.id, deactivated: false }],
      deleted: false,
      hasAvatar: false,
      patientNumber: null,
    });
  });

  it('lets admins see all practices or the ones asked for', async () => {
    const filtered = (await list(adminCookie, `customerIds=${other.id}`)).json();
    expect(ids(filtered)).toContain(other.therapist.id);
    expect(ids(filtered)).not.toContain(team.therapist.id);
    // Found by a name of their own: other files' users share the PostgreSQL database and fill any page.
    const name = `Alle${randomUUID().slice(0, 8)}`;
    const named = [team.therapist.id, other.therapist.id, adminId];
    for (const id of named) await t.database.db.update(users).set({ lastName: name }).where(eq(users.id, id));
    const all = (await list(adminCookie, `limit=1000&searchString=${name}`)).json();
    expect(ids(all).sort()).toEqual([...named].sort());
  });

  it('ignores customerIds of another practice for non-admins', async () => {
    const body = (await list(team.owner.cookie, `customerIds=${other.id}`)).json();
    expect(body.list).toHaveLength(0);
  });

  it('shows the subscription id on owner rows to the owner and admins only', async () => {
    await t.database.db.update(customers).set({ subscriptionId: 'sub_test_1' }).where(eq(customers.id, team.id));
    const ownerView = (await list(team.owner.cookie, '')).json();
    expect(ownerView.list.find((row: Row) => row.id === team.owner.id).mollieSubscriptionId).toBe('sub_test_1');
    const therapistView = (await list(team.therapist.cookie, '')).json();
    expect(therapistView.list.find((row: Row) => row.id === team.owner.id).mollieSubscriptionId).toBeNull();
    const adminView = (await list(adminCookie, `customerIds=${team.id}`)).json();
    expect(adminView.list.find((row: Row) => row.id === team.owner.id).mollieSubscriptionId).toBe('sub_test_1');
  });

  it('filters by last name and sorts by the whitelisted columns', async () => {
    const practice = await practiceWithTeam(t);
    await t.database.db
      .update(users)
      .set({ lastName: 'Zander', firstName: 'Anna' })
      .where(eq(users.id, practice.therapist.id));
    await t.database.db
      .update(users)
      .set({ lastName: 'Albers', firstName: 'Zoe' })
      .where(eq(users.id, practice.assistant.id));
    const search = (await list(practice.owner.cookie, 'searchString=zand')).json();
    expect(ids(search)).toEqual([practice.therapist.id]);
    const byLast = (await list(practice.owner.cookie, 'orderBy=lastName')).json();
    expect(byLast.list[0].id).toBe(practice.assistant.id);
    const byLastDesc = (await list(practice.owner.cookie, 'orderBy=lastName&descending=true')).json();
    expect(byLastDesc.list[0].id).toBe(practice.therapist.id);
    const byFirst = (await list(practice.owner.cookie, 'orderBy=firstName')).json();
    expect(byFirst.list[0].id).toBe(practice.therapist.id);
    expect((await list(practice.owner.cookie, 'orderBy=password')).statusCode).toBe(422);
    expect((await list(practice.owner.cookie, 'limit=7')).statusCode).toBe(422);
    expect((await list(practice.owner.cookie, 'searchString=%25')).json().list).toHaveLength(0);
  });

  it('pages on the server; limit 0 means 1000', async () => {
    const body = (await list(team.owner.cookie, 'limit=0')).json();
    expect(body.limit).toBe(1000);
    const past = (await list(team.owner.cookie, 'limit=50&page=3')).json();
    expect(past).toMatchObject({ list: [], maxItems: 4, currentPage: 3 });
  });

  it('is refused to patients and to anonymous callers', async () => {
    expect((await list(team.patientAccount.cookie, '')).statusCode).toBe(403);
    expect((await call(t.app, undefined, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('GET /api/user?rolesList=2 (patient list)', () => {
  it('lists a therapist their own patients, an assistant those of the therapist they act for', async () => {
    const practice = await practiceWithTeam(t);
    const mine = await createPatientVia(t, practice.therapist.cookie, { lastName: 'Meier' });
    const theirs = await createPatientVia(t, practice.otherTherapist.cookie, { lastName: 'Müller' });
    expect(ids((await list(practice.therapist.cookie, 'rolesList=2')).json())).toEqual([mine.id]);
    const forOther = (
      await list(practice.assistant.cookie, `rolesList=2&therapistId=${practice.otherTherapist.id}`)
    ).json();
    expect(ids(forOther)).toEqual([theirs.id]);
    expect(forOther.list[0]).toMatchObject({
      patientNumber: theirs.patientNumber,
      roles: Role.REGISTERED,
      customers: [{ id: practice.id }],
    });
    // Without a choice, assistants and owners see the whole practice.
    expect(ids((await list(practice.assistant.cookie, 'rolesList=2')).json()).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );
    expect(
      (await list(practice.therapist.cookie, `rolesList=2&therapistId=${practice.otherTherapist.id}`)).statusCode,
    ).toBe(404);
    expect((await list(practice.assistant.cookie, `rolesList=2&therapistId=${other.therapist.id}`)).statusCode).toBe(
      404,
    );
    expect((await list(practice.assistant.cookie, `rolesList=2&therapistId=${practice.assistant.id}`)).statusCode).toBe(
      404,
    );
    // Reading the patient list is a read of health data too.
    const listReads = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, practice.assistant.id));
    expect(listReads).toEqual(
      expect.arrayContaining([expect.objectContaining({ resource: 'patient', action: 'read', patientId: null })]),
    );
  });

  it('searches by last name or patient number, sorts by number, and leaves deleted patients out', async () => {
    const practice = await practiceWithTeam(t, { firstPatientNumber: 700 });
    const first = await createPatientVia(t, practice.therapist.cookie, { lastName: 'Schulz' });
    const second = await createPatientVia(t, practice.therapist.cookie, { lastName: 'Arndt' });
    const gone = await createPatientVia(t, practice.therapist.cookie, { lastName: 'Schulte' });
    await call(t.app, practice.therapist.cookie, { method: 'DELETE', url: `/api/user/patient/${gone.id}` });
    expect(ids((await list(practice.therapist.cookie, 'rolesList=2&searchString=schul')).json())).toEqual([first.id]);
    expect(ids((await list(practice.therapist.cookie, 'rolesList=2&searchString=701')).json())).toEqual([second.id]);
    expect(ids((await list(practice.therapist.cookie, 'rolesList=2')).json())).toEqual([second.id, first.id]);
    const byNumberDesc = (
      await list(practice.therapist.cookie, 'rolesList=2&orderBy=patientNumber&descending=true')
    ).json();
    expect(ids(byNumberDesc)).toEqual([second.id, first.id]);
  });

  it('finds a patient by first name, last name, either order of the full name, and number', async () => {
    const practice = await practiceWithTeam(t, { firstPatientNumber: 4100 });
    const julia = await createPatientVia(t, practice.therapist.cookie, { firstName: 'Julia', lastName: 'Wagner' });
    const jonas = await createPatientVia(t, practice.therapist.cookie, { firstName: 'Jonas', lastName: 'Wagner' });
    const other = await createPatientVia(t, practice.therapist.cookie, { firstName: 'Julia', lastName: 'Berg' });
    const found = async (text: string) =>
      ids(
        (await list(practice.therapist.cookie, `rolesList=2&searchString=${encodeURIComponent(text)}`)).json(),
      ).sort();
    expect(await found('Julia')).toEqual([julia.id, other.id].sort());
    expect(await found('wagner')).toEqual([julia.id, jonas.id].sort());
    for (const text of ['Julia Wagner', 'Wagner, Julia', 'wagner julia', ' Jul  Wag ', 'Wagner,Julia']) {
      expect(await found(text), text).toEqual([julia.id]);
    }
    expect(await found(String(jonas.patientNumber))).toEqual([jonas.id]);
    expect(await found('Julia Schmidt')).toEqual([]);
    // A number in a name search is no number search: 'Julia 41…' must not list Jonas by his number.
    expect(await found(`Julia ${jonas.patientNumber}`)).toEqual([]);
  });

  it('never shows patients in the staff list', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie);
    expect(ids((await list(team.owner.cookie, 'limit=1000')).json())).not.toContain(patient.id);
  });
});

describe('practice assignments and staff deletion', () => {
  it('lists assignments in scope and lets an owner deactivate one, ending that user’s sessions', async () => {
    const practice = await practiceWithTeam(t);
    const found = await call(t.app, practice.owner.cookie, {
      method: 'GET',
      url: `/api/user/customer-user?userIds=${practice.therapist.id},${other.therapist.id}`,
    });
    expect(found.statusCode).toBe(200);
    const links = found.json().list;
    expect(links).toEqual([
      { id: expect.any(Number), userId: practice.therapist.id, customerId: practice.id, deactivated: false },
    ]);
    const patched = await call(t.app, practice.owner.cookie, {
      method: 'PATCH',
      url: `/api/user/customer-user/${links[0].id}`,
      payload: { deactivated: true },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().deactivated).toBe(true);
    const ended = await call(t.app, practice.therapist.cookie, { method: 'GET', url: '/api/user/current' });
    expect(ended.json()).toMatchObject({ status: 401, code: ErrorCode.sessionDeactivated });
    const row = (await list(practice.owner.cookie, ''))
      .json()
      .list.find((item: Row) => item.id === practice.therapist.id);
    expect(row.customerUsers[0].deactivated).toBe(true);
  });

  it('refuses deactivating oneself, other roles, and assignments of other practices', async () => {
    const practice = await practiceWithTeam(t);
    const links = (
      await call(t.app, practice.owner.cookie, {
        method: 'GET',
        url: `/api/user/customer-user?userIds=${practice.owner.id}&userIds=${practice.therapist.id}`,
      })
    ).json().list;
    const ownLink = links.find((link: { userId: number }) => link.userId === practice.owner.id);
    const therapistLink = links.find((link: { userId: number }) => link.userId === practice.therapist.id);
    const self = await call(t.app, practice.owner.cookie, {
      method: 'PATCH',
      url: `/api/user/customer-user/${ownLink.id}`,
      payload: { deactivated: true },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ detail: NO_SELF_DISABLE, code: ErrorCode.noSelfDisable });
    const byAssistant = await call(t.app, practice.assistant.cookie, {
      method: 'PATCH',
      url: `/api/user/customer-user/${therapistLink.id}`,
      payload: { deactivated: true },
    });
    expect(byAssistant.statusCode).toBe(403);
    const foreign = await call(t.app, other.owner.cookie, {
      method: 'PATCH',
      url: `/api/user/customer-user/${therapistLink.id}`,
      payload: { deactivated: true },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await call(t.app, practice.therapist.cookie, {
          method: 'PATCH',
          url: `/api/user/customer-user/${therapistLink.id}`,
          payload: { deactivated: true },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('soft-deletes a staff user and ends their sessions; refuses oneself, others and other practices', async () => {
    const practice = await practiceWithTeam(t);
    expect(
      (await call(t.app, other.owner.cookie, { method: 'DELETE', url: `/api/user/${practice.assistant.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, practice.assistant.cookie, { method: 'DELETE', url: `/api/user/${practice.therapist.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, practice.therapist.cookie, { method: 'DELETE', url: `/api/user/${practice.assistant.id}` }))
        .statusCode,
    ).toBe(403);
    const self = await call(t.app, practice.owner.cookie, { method: 'DELETE', url: `/api/user/${practice.owner.id}` });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ detail: NO_SELF_DELETE, code: ErrorCode.noSelfDelete });
    const patient = await createPatientVia(t, practice.therapist.cookie);
    expect(
      (await call(t.app, practice.owner.cookie, { method: 'DELETE', url: `/api/user/${patient.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, practice.owner.cookie, { method: 'DELETE', url: `/api/user/${adminId}` })).statusCode,
    ).toBe(404);

    const response = await call(t.app, practice.owner.cookie, {
      method: 'DELETE',
      url: `/api/user/${practice.assistant.id}`,
    });
    expect(response.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, practice.assistant.id));
    expect(row?.deleted).toBe(true);
    const ended = await call(t.app, practice.assistant.cookie, { method: 'GET', url: '/api/user/current' });
    expect(ended.json()).toMatchObject({ status: 401, code: ErrorCode.sessionDeactivated });
    expect(ids((await list(practice.owner.cookie, '')).json())).not.toContain(practice.assistant.id);
    expect(
      (await call(t.app, adminCookie, { method: 'DELETE', url: `/api/user/${practice.therapist.id}` })).statusCode,
    ).toBe(204);
  });
});
