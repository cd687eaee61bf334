import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, sandboxPayments, userCustomers, users } from '../../src/db/schema.js';
import { practiceWithTeam } from '../patient-fixtures.js';
import { linkIn } from '../smtp-capture.js';
import {
  call,
  createPractice,
  createTestAppWithMail,
  createUser,
  signIn,
  type TestUser,
  uniqueEmail,
} from '../test-app.js';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let park: number;
let other: number;
let owner: TestUser;
let therapist: TestUser;
let assistant: TestUser;
let drs: TestUser;
let otherOwner: TestUser;
let admin: TestUser;
const cookies = new Map<number, string>();

beforeAll(async () => {
  t = await createTestAppWithMail();
  park = await createPractice(t.database);
  other = await createPractice(t.database);
  owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: park });
  therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: park });
  assistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId: park });
  drs = await createUser(t.database, { roles: Role.THERAPIST_DRS, practiceId: park });
  otherOwner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: other });
  admin = await createUser(t.database, { roles: Role.ADMIN });
  await t.database.db.update(users).set({ jobTitleType: 'psychologicalPsychotherapist' });
});
afterAll(() => t.close());

async function as(user: TestUser): Promise<string> {
  const known = cookies.get(user.id);
  if (known) return known;
  const cookie = await signIn(t.app, user.email);
  cookies.set(user.id, cookie);
  return cookie;
}

const get = async (viewer: TestUser, id: number) =>
  call(t.app, await as(viewer), { method: 'GET', url: `/api/user/${id}` });
const patch = async (actor: TestUser, id: number, payload: object) =>
  call(t.app, await as(actor), { method: 'PATCH', url: `/api/user/${id}`, payload });
const create = async (actor: TestUser, payload: object) =>
  call(t.app, await as(actor), { method: 'POST', url: '/api/user', payload });

const newUser = (overrides: object = {}) => ({
  firstName: 'Anna',
  lastName: 'Neu',
  email: uniqueEmail('neu'),
  roles: Role.SECRETARY,
  ...overrides,
});

describe('GET /api/user/{id}', () => {
  it('answers the full user for the form to oneself, the practice owner, the assistant and admins', async () => {
    for (const viewer of [therapist, owner, assistant, admin]) {
      const response = await get(viewer, therapist.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: therapist.id,
        customerIds: [park],
        languages: ['de'],
        advertising: 'no',
        hasAvatar: false,
        salutationSearchable: true,
        isDeactivated: false,
      });
    }
  });

  it('answers 404 to a colleague without the edit permission and to another practice, like a missing id', async () => {
    const colleague = await get(drs, therapist.id);
    const foreign = await get(otherOwner, therapist.id);
    const missing = await get(otherOwner, 999_999);
    expect([colleague.statusCode, foreign.statusCode, missing.statusCode]).toEqual([404, 404, 404]);
    expect(foreign.json().detail).toBe(missing.json().detail);
  });
});

describe('POST /api/user', () => {
  it('lets an owner create an assistant, who gets an invitation, sets a password and signs in', async () => {
    const body = newUser();
    const response = await create(owner, body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: body.email, roles: Role.SECRETARY, customerIds: [park] });
    const mail = await t.smtp.waitForMail(body.email);
    expect(mail.subject).toBe('Ihr Zugang zu Praxia');
    const token = linkIn(mail, '/password/set/').split('/password/set/')[1];
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/password/${token}`,
      payload: { password: 'Neu-Geheim-2026!', passwordConfirm: 'Neu-Geheim-2026!' },
    });
    expect(set.statusCode).toBe(204);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: body.email, password: 'Neu-Geheim-2026!' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets an admin create a therapist in any practice and an administrator without one', async () => {
    const therapistBody = newUser({ roles: Role.THERAPIST, customerIds: [other], jobTitleType: 'coachOrConsultant' });
    const created = await create(admin, therapistBody);
    expect(created.statusCode).toBe(201);
    expect(created.json().customerIds).toEqual([other]);
    expect((await create(admin, newUser({ roles: Role.ADMIN }))).statusCode).toBe(201);
  });

  it('applies the role rules: one role at least, admin alone, only creatable roles', async () => {
    const cases: [TestUser, object, string][] = [
      [owner, { roles: 0 }, 'error.selectRole'],
      [admin, { roles: Role.ADMIN | Role.THERAPIST, customerIds: [park] }, 'error.adminExclusive'],
      [owner, { roles: Role.ADMIN }, 'error.rolesNotAllowed'],
      [owner, { roles: Role.CUSTOMER_ADMIN }, 'error.rolesNotAllowed'],
      [therapist, { roles: Role.THERAPIST, jobTitleType: 'other', jobTitleFreetext: 'x' }, 'error.rolesNotAllowed'],
    ];
    for (const [actor, overrides, key] of cases) {
      const response = await create(actor, newUser(overrides));
      expect(response.statusCode, key).toBe(422);
      expect(response.json().validationMessages).toEqual({ roles: [key] });
    }
  });

  it('needs a practice for therapists and assistants, at most one, and a job title for therapists', async () => {
    const noPractice = await create(admin, newUser());
    expect(noPractice.json().validationMessages).toEqual({ customerIds: ['error.practiceRequired'] });
    const two = await create(admin, newUser({ customerIds: [park, other] }));
    expect(two.json().validationMessages).toEqual({ customerIds: ['error.onePractice'] });
    const noJob = await create(owner, newUser({ roles: Role.THERAPIST }));
    expect(noJob.json().validationMessages).toEqual({ jobTitleType: ['error.required'] });
    const otherJob = await create(owner, newUser({ roles: Role.THERAPIST, jobTitleType: 'other' }));
    expect(otherJob.json().validationMessages).toEqual({ jobTitleFreetext: ['error.required'] });
  });

  it('refuses another practice for an owner, a taken e-mail, and roles without userCreate', async () => {
    const foreign = await create(owner, newUser({ customerIds: [other] }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().validationMessages).toEqual({ customerIds: ['error.invalidValue'] });
    const taken = await create(owner, newUser({ email: therapist.email.toUpperCase() }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().validationMessages).toEqual({ email: ['error.emailAlreadyExists'] });
    expect((await create(assistant, newUser())).statusCode).toBe(403);
  });

  it('lets a therapist add an assistant to their own practice', async () => {
    const response = await create(therapist, newUser());
    expect(response.statusCode).toBe(201);
    expect(response.json().customerIds).toEqual([park]);
  });
});

describe('PATCH /api/user/{id}: the user form', () => {
  it('saves every profile field, trimmed, with https:// and a sanitised vita', async () => {
    const response = await patch(therapist, therapist.id, {
      salutation: 'Divers',
      salutationSearchable: false,
      firstName: ' Kim ',
      website: 'praxis-kim.de',
      phone: '030 1234567',
      phoneCountry: 'DE',
      languages: ['de', 'en'],
      therapeuticFocus: ['depression', 'burnout'],
      treatmentMethods: ['cbt'],
      coverageTypes: ['private', 'selfPay'],
      therapistProfileText: 'Ich begleite Sie.',
      billingInformation: 'Privat und Selbstzahler',
      vita: '<p><b>2010</b> <u>Studium</u><script>alert(1)</script><a href="x">Link</a><br></p>',
      conditionsAccepted: true,
      jobTitleType: 'other',
      jobTitleFreetext: 'Psychologin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      salutation: 'Divers',
      salutationSearchable: false,
      firstName: 'Kim',
      website: 'https://praxis-kim.de',
      phone: '+49301234567',
      languages: ['de', 'en'],
      therapeuticFocus: ['depression', 'burnout'],
      coverageTypes: ['private', 'selfPay'],
      vita: '<p><b>2010</b> <u>Studium</u>Link<br /></p>',
      conditionsAccepted: true,
    });
  });

  it('validates: languages, list keys, 800 characters, terms, job title for therapists', async () => {
    const long = 'x'.repeat(801);
    const response = await patch(therapist, therapist.id, {
      languages: [],
      therapeuticFocus: ['astrology'],
      therapistProfileText: long,
      billingInformation: long,
      website: long,
      vita: `<p>${long}</p>`,
      conditionsAccepted: false,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toMatchObject({
      languages: ['error.languagesRequired'],
      'therapeuticFocus.0': ['error.invalidValue'],
      therapistProfileText: ['error.max800Signs'],
      billingInformation: ['error.max800Signs'],
      website: ['error.max800Signs'],
      vita: ['error.max800Signs'],
      conditionsAccepted: ['error.termsRequired'],
    });
    const noJob = await patch(therapist, therapist.id, { jobTitleType: null });
    expect(noJob.json().validationMessages).toEqual({ jobTitleType: ['error.required'] });
  });

  it('ignores roles sent for oneself and keeps website and phone off assistants', async () => {
    const own = await patch(owner, owner.id, { roles: Role.SECRETARY });
    expect(own.json().roles).toBe(Role.THERAPIST | Role.CUSTOMER_ADMIN);
    const response = await patch(assistant, assistant.id, { website: 'x.de', phone: '030 1234567', lastName: 'A' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ website: null, phone: null, lastName: 'A' });
  });

  it('lets an owner change the roles of a practice user within the creatable roles', async () => {
    const created = (await create(owner, newUser())).json();
    const changed = await patch(owner, created.id, { roles: Role.THERAPIST_DRS, jobTitleType: 'coachOrConsultant' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().roles).toBe(Role.THERAPIST_DRS);
    const refused = await patch(owner, created.id, { roles: Role.ADMIN });
    expect(refused.json().validationMessages).toEqual({ roles: ['error.rolesNotAllowed'] });
    const mixed = await patch(owner, created.id, { roles: Role.ADMIN | Role.SECRETARY });
    expect(mixed.json().validationMessages).toEqual({ roles: ['error.adminExclusive'] });
    const none = await patch(owner, created.id, { roles: 0 });
    expect(none.json().validationMessages).toEqual({ roles: ['error.selectRole'] });
  });

  it('refuses the e-mail of another user, advertising by non-admins, and lets admins promote therapists', async () => {
    expect((await patch(owner, therapist.id, { email: uniqueEmail() })).statusCode).toBe(403);
    expect((await patch(owner, therapist.id, { advertising: 'show' })).statusCode).toBe(403);
    expect((await patch(admin, assistant.id, { advertising: 'show' })).statusCode).toBe(403);
    const promoted = await patch(admin, therapist.id, { advertising: 'show' });
    expect(promoted.json().advertising).toBe('show');
  });

  it('starts the confirmation flow for one’s own new e-mail and keeps the old address', async () => {
    const newEmail = uniqueEmail('neu');
    const response = await patch(drs, drs.id, { email: newEmail });
    expect(response.json().email).toBe(drs.email);
    expect((await t.smtp.waitForMail(newEmail)).subject).toContain('E-Mail-Adresse');
  });

  it('lets an admin move a user to another practice; an owner only within their own', async () => {
    const created = (await create(owner, newUser())).json();
    expect((await patch(owner, created.id, { customerIds: [other] })).statusCode).toBe(422);
    const moved = await patch(admin, created.id, { customerIds: [other] });
    expect(moved.json().customerIds).toEqual([other]);
    expect((await get(owner, created.id)).statusCode).toBe(404);
  });

  it('answers 404 for users of another practice and for patients without an account', async () => {
    expect((await patch(otherOwner, therapist.id, { firstName: 'X' })).statusCode).toBe(404);
    expect((await patch(drs, therapist.id, { firstName: 'X' })).statusCode).toBe(404);
  });
});

describe('the user routes never reach a patient (their data changes only through the audited patient routes)', () => {
  it('answers a patient account like a missing user: PATCH, GET and the avatar, for staff and the platform admin', async () => {
    const team = await practiceWithTeam(t);
    const patient = team.patientAccount;
    const [before] = await t.database.db.select().from(users).where(eq(users.id, patient.id));
    const adminCookie = await as(admin);
    for (const cookie of [team.assistant.cookie, team.owner.cookie, adminCookie]) {
      const changed = await call(t.app, cookie, {
        method: 'PATCH',
        url: `/api/user/${patient.id}`,
        payload: { lastName: 'Geändert', phone: '+4915199999999' },
      });
      expect(changed.statusCode).toBe(404);
      expect(changed.json().code).toBe('error.notFound');
      const empty = await call(t.app, cookie, { method: 'PATCH', url: `/api/user/${patient.id}`, payload: {} });
      expect(empty.statusCode).toBe(404);
      expect(empty.body).not.toContain(patient.email);
      const avatar = await call(t.app, cookie, { method: 'DELETE', url: `/api/user/${patient.id}/avatar` });
      expect(avatar.statusCode).toBe(404);
    }
    const read = await call(t.app, adminCookie, { method: 'GET', url: `/api/user/${patient.id}` });
    expect(read.statusCode).toBe(404);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, patient.id));
    expect(after).toEqual(before);
  });
});

describe('PATCH /api/user/{id}: activation and the recurring debit', () => {
  it('flips every practice assignment, ends the sessions and refuses the sign-in; reactivates', async () => {
    const member = await createUser(t.database, { roles: Role.SECRETARY, practiceId: park });
    const memberCookie = await signIn(t.app, member.email);
    const off = await patch(owner, member.id, { deactivated: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isDeactivated: true, customerUsers: [{ customerId: park, deactivated: true }] });
    const session = await call(t.app, memberCookie, { method: 'GET', url: '/api/user/current' });
    expect(session.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: member.email, password: 'Richtig-Geheim-2026!' },
    });
    expect(login.json().code).toBe('error.deactivatedProfile');
    const on = await patch(owner, member.id, { deactivated: false });
    expect(on.json().isDeactivated).toBe(false);
  });

  it('refuses deactivating oneself with the spec’s text, and activation by assistants and therapists', async () => {
    const self = await patch(owner, owner.id, { deactivated: true });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({
      code: 'error.noSelfDisable',
      detail: 'Sie können sich nicht selbst deaktivieren',
      validationMessages: { deactivated: ['error.noSelfDisable'] },
    });
    expect((await patch(assistant, therapist.id, { deactivated: true })).statusCode).toBe(403);
    const rows = await t.database.db.select().from(userCustomers).where(eq(userCustomers.userId, therapist.id));
    expect(rows.every((row) => !row.deactivated)).toBe(true);
  });

  it('stops the practice’s subscription at the provider and forgets it', async () => {
    const practice = await createPractice(t.database, {
      paymentCustomerId: 'sbx_cst_1',
      subscriptionId: 'sbx_sub_staff',
    });
    await t.database.db.insert(sandboxPayments).values({
      id: 'sbx_sub_staff',
      kind: 'subscription',
      status: 'active',
      amountCents: 3499,
      description: 'Praxia',
    });
    const practiceOwner = await createUser(t.database, { roles: Role.CUSTOMER_ADMIN, practiceId: practice });
    const member = await createUser(t.database, { roles: Role.SECRETARY, practiceId: practice });
    const before = await get(practiceOwner, member.id);
    expect(before.json().mollieSubscriptionId).toBe('sbx_sub_staff');
    const response = await patch(practiceOwner, member.id, { mollieSubscriptionId: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().mollieSubscriptionId).toBeNull();
    const [remote] = await t.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, 'sbx_sub_staff'));
    expect(remote?.status).toBe('canceled');
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, practice));
    expect(row?.subscriptionId).toBeNull();
  });
});

describe('POST /api/user/password/change', () => {
  it('needs the current password, checks the rules, and ends every session', async () => {
    const user = await createUser(t.database, { roles: Role.SECRETARY, practiceId: park });
    const cookie = await signIn(t.app, user.email);
    const change = (payload: object) =>
      call(t.app, cookie, { method: 'POST', url: '/api/user/password/change', payload });
    const wrong = await change({
      currentPassword: 'falsch',
      password: 'Neu-Geheim-2026!',
      passwordConfirm: 'Neu-Geheim-2026!',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('error.wrongPassword');
    const weak = await change({ currentPassword: 'Richtig-Geheim-2026!', password: 'kurz', passwordConfirm: 'kurz' });
    expect(weak.json().validationMessages).toEqual({ password: ['error.minLength'] });
    const ok = await change({
      currentPassword: 'Richtig-Geheim-2026!',
      password: 'Neu-Geheim-2026!',
      passwordConfirm: 'Neu-Geheim-2026!',
    });
    expect(ok.statusCode).toBe(204);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, 'Neu-Geheim-2026!')).startsWith('praxia_session=')).toBe(true);
  });
});
