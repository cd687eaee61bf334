import { Role } from '@praxia/shared';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, userCustomers } from '../../src/db/schema.js';
import {
  call,
  createPractice,
  createTestApp,
  createUser,
  multipart,
  PASSWORD,
  signIn,
  type TestApp,
  type TestUser,
} from '../test-app.js';

let t: TestApp;
let admin: TestUser;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.database, { roles: Role.ADMIN });
  adminCookie = await signIn(t.app, admin.email);
});
afterAll(() => t.close());

/** A practice with an owner, a therapist, an assistant and a patient, each signed in. */
async function practiceWithTeam() {
  const id = await createPractice(t.database);
  const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: id });
  const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: id });
  const assistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId: id });
  const patient = await createUser(t.database, { roles: Role.REGISTERED, practiceId: id });
  return {
    id,
    owner: { ...owner, cookie: await signIn(t.app, owner.email) },
    therapist: { ...therapist, cookie: await signIn(t.app, therapist.email) },
    assistant: { ...assistant, cookie: await signIn(t.app, assistant.email) },
    patient: { ...patient, cookie: await signIn(t.app, patient.email) },
  };
}

const patchJson = (cookie: string, id: number, payload: Record<string, unknown>) =>
  call(t.app, cookie, { method: 'PATCH', url: `/api/customer/${id}`, payload });

const patchMultipart = (cookie: string, id: number, parts: Parameters<typeof multipart>[0]) =>
  call(t.app, cookie, { method: 'PATCH', url: `/api/customer/${id}`, ...multipart(parts) });

const png = (width = 20, height = 10) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();

/**
 * The admin's list page of 1000 (by id) where the practice `id` stands, or would stand: other test files' practices
 * share the database on PostgreSQL and fill the first pages.
 */
async function adminListPageHolding(id: number): Promise<{ limit: number; list: { id: number }[] }> {
  const [earlier] = await t.database.db
    .select({ value: count() })
    .from(customers)
    .where(and(isNull(customers.deletedAt), lt(customers.id, id)));
  const page = Math.floor((earlier?.value ?? 0) / 1000) + 1;
  const response = await call(t.app, adminCookie, { method: 'GET', url: `/api/customer?limit=0&page=${page}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/customer (list)', () => {
  it('pages for admins with the spec answer shape; page size 0 means 1000', async () => {
    const created: number[] = [];
    for (let i = 0; i < 3; i++) created.push(await createPractice(t.database));
    const response = await call(t.app, adminCookie, { method: 'GET', url: '/api/customer?limit=50&page=1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ currentPage: 1, limit: 50 });
    expect(body.maxItems).toBeGreaterThanOrEqual(3);
    expect(body.pages).toBe(Math.max(1, Math.ceil(body.maxItems / 50)));
    const all = await adminListPageHolding(created[0] ?? 0);
    expect(all.limit).toBe(1000);
    expect(all.list.find((row) => row.id === created[0])).toEqual({
      id: created[0],
      name: expect.any(String),
      deactivated: false,
      status: 'active',
      city: 'Berlin',
    });
    const odd = await call(t.app, adminCookie, { method: 'GET', url: '/api/customer?limit=7' });
    expect(odd.statusCode).toBe(422);
  });

  it('shows an owner only their own practice, and refuses therapists, assistants and patients', async () => {
    const team = await practiceWithTeam();
    const own = await call(t.app, team.owner.cookie, { method: 'GET', url: '/api/customer' });
    expect(own.json().list.map((c: { id: number }) => c.id)).toEqual([team.id]);
    expect(own.json().maxItems).toBe(1);
    for (const member of [team.therapist, team.assistant, team.patient]) {
      expect((await call(t.app, member.cookie, { method: 'GET', url: '/api/customer' })).statusCode).toBe(403);
    }
  });
});

describe('GET /api/customer/{id}', () => {
  it('shows the practice to its owner, therapists and assistants, and to admins', async () => {
    const team = await practiceWithTeam();
    for (const cookie of [team.owner.cookie, team.therapist.cookie, team.assistant.cookie, adminCookie]) {
      const response = await call(t.app, cookie, { method: 'GET', url: `/api/customer/${team.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: team.id, paymentTermInvoice: 14, status: 'active' });
      expect(response.json()).not.toHaveProperty('subscriptionId');
    }
  });

  it('answers 403 to its patient and 404 to members of another practice', async () => {
    const team = await practiceWithTeam();
    const other = await practiceWithTeam();
    expect(
      (await call(t.app, team.patient.cookie, { method: 'GET', url: `/api/customer/${team.id}` })).statusCode,
    ).toBe(403);
    expect((await call(t.app, other.owner.cookie, { method: 'GET', url: `/api/customer/${team.id}` })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, other.owner.cookie, { method: 'GET', url: '/api/customer/999999' })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/customer', () => {
  it('lets an admin create a practice without an address', async () => {
    const response = await call(t.app, adminCookie, {
      method: 'POST',
      url: '/api/customer',
      payload: { name: ' Neue Praxis ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Neue Praxis',
      street: null,
      trialExpiresAt: null,
      deactivated: false,
    });
  });

  it('validates: name required, street at most 80 characters', async () => {
    const response = await call(t.app, adminCookie, {
      method: 'POST',
      url: '/api/customer',
      payload: { name: '', street: 'x'.repeat(81) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ name: ['error.required'], street: ['error.max80Signs'] });
  });

  it('refuses owners and therapists with 403', async () => {
    const team = await practiceWithTeam();
    for (const cookie of [team.owner.cookie, team.therapist.cookie]) {
      const response = await call(t.app, cookie, { method: 'POST', url: '/api/customer', payload: { name: 'X' } });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('PATCH /api/customer/{id}', () => {
  it('stores the whitelisted fields, numbers from digits, empty start numbers as null, and ignores the rest', async () => {
    const team = await practiceWithTeam();
    const response = await patchMultipart(team.owner.cookie, team.id, [
      {
        name: '__data',
        value: JSON.stringify({
          street: 'Neue Straße 5',
          firstPatientNumber: '1000',
          firstInvoiceNumber: '',
          paymentTermInvoice: '21',
          paymentTermOverdueNotice: 10,
          taxNumber: '12/345/67890',
          showTaxNumber: true,
          taxExceptionSmallBusiness: 'add',
          invoiceRemote: 'mark',
          trialExpiresAt: null,
          status: 'canceled',
          subscriptionId: 'sneaky',
          id: 1,
        }),
      },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: team.id,
      street: 'Neue Straße 5',
      firstPatientNumber: 1000,
      firstInvoiceNumber: null,
      paymentTermInvoice: 21,
      paymentTermOverdueNotice: 10,
      taxNumber: '12/345/67890',
      showTaxNumber: true,
      taxExceptionSmallBusiness: 'add',
      invoiceRemote: 'mark',
      status: 'active',
    });
  });

  it('keeps the show-tax-number option off without a tax number', async () => {
    const team = await practiceWithTeam();
    const response = await patchJson(team.owner.cookie, team.id, { taxNumber: '', showTaxNumber: true });
    expect(response.json()).toMatchObject({ taxNumber: null, showTaxNumber: false });
  });

  it.each([
    [{ firstPatientNumber: '12a' }, 'firstPatientNumber', 'error.onlyDigits'],
    [{ firstInvoiceNumber: '-5' }, 'firstInvoiceNumber', 'error.onlyDigits'],
    [{ paymentTermInvoice: '' }, 'paymentTermInvoice', 'error.required'],
    [{ paymentTermOverdueNotice: 'vierzehn' }, 'paymentTermOverdueNotice', 'error.onlyDigits'],
    [{ street: 'x'.repeat(81) }, 'street', 'error.max80Signs'],
    [{ street: '' }, 'street', 'error.required'],
    [{ city: '' }, 'city', 'error.required'],
    [{ name: '' }, 'name', 'error.required'],
    [{ email: 'kaputt' }, 'email', 'error.invalidEmail'],
    [{ invoiceRemote: 'maybe' }, 'invoiceRemote', 'error.invalidValue'],
  ])('answers 422 for %o', async (change, field, key) => {
    const team = await practiceWithTeam();
    const response = await patchJson(team.owner.cookie, team.id, change);
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages[field]).toEqual([key]);
  });

  it('lets an admin leave the address empty', async () => {
    const team = await practiceWithTeam();
    const response = await patchJson(adminCookie, team.id, { street: '', postalCode: '', city: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ street: null, postalCode: null, city: null });
  });

  it('refuses therapists (403) and the owner and assistant of another practice (404, like a missing id)', async () => {
    const team = await practiceWithTeam();
    const other = await practiceWithTeam();
    expect((await patchJson(team.therapist.cookie, team.id, { city: 'X' })).statusCode).toBe(403);
    const foreign = await patchJson(other.assistant.cookie, team.id, { city: 'X' });
    const missing = await patchJson(other.assistant.cookie, 999_999, { city: 'X' });
    expect([foreign.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(foreign.json().detail).toBe(missing.json().detail);
    expect((await patchJson(other.owner.cookie, team.id, { city: 'X' })).statusCode).toBe(404);
    const unchanged = await call(t.app, team.owner.cookie, { method: 'GET', url: `/api/customer/${team.id}` });
    expect(unchanged.json().city).toBe('Berlin');
  });

  it('lets the practice’s assistant save its form with a logo (people §2), but not its activation', async () => {
    const team = await practiceWithTeam();
    const response = await patchMultipart(team.assistant.cookie, team.id, [
      { name: '__data', value: JSON.stringify({ city: 'Potsdam', paymentTermInvoice: '21', deactivated: true }) },
      { name: 'logo', value: await png(), filename: 'logo.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ city: 'Potsdam', paymentTermInvoice: 21, deactivated: false });
    expect(response.json().logoFilename).toMatch(/\.png$/);
    // The owner's own rules bind the assistant too: the address stays required.
    const invalid = await patchJson(team.assistant.cookie, team.id, { street: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().validationMessages.street).toEqual(['error.required']);
  });
});

describe('practice logo', () => {
  it('uploads a PNG (re-encoded), serves it, and deletes it with null', async () => {
    const team = await practiceWithTeam();
    const upload = await patchMultipart(team.owner.cookie, team.id, [
      { name: '__data', value: '{}' },
      { name: 'logo', value: await png(), filename: 'logo.png', type: 'image/png' },
    ]);
    expect(upload.statusCode).toBe(200);
    expect(upload.json().logoFilename).toMatch(new RegExp(`^practices/${team.id}/logos/[0-9a-f-]+\\.png$`));
    const logo = await call(t.app, team.therapist.cookie, { method: 'GET', url: `/api/customer/${team.id}/logo` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect((await sharp(logo.rawPayload).metadata()).width).toBe(20);

    const removed = await patchMultipart(team.owner.cookie, team.id, [{ name: 'logo', value: 'null' }]);
    expect(removed.json().logoFilename).toBeNull();
    expect(
      (await call(t.app, team.owner.cookie, { method: 'GET', url: `/api/customer/${team.id}/logo` })).statusCode,
    ).toBe(404);
  });

  it('judges the type by content: a PNG named .pdf is accepted, a text file named .png refused', async () => {
    const team = await practiceWithTeam();
    const renamedPng = await patchMultipart(team.owner.cookie, team.id, [
      { name: 'logo', value: await png(), filename: 'briefkopf.pdf', type: 'application/pdf' },
    ]);
    expect(renamedPng.statusCode).toBe(200);
    expect(renamedPng.json().logoFilename).toMatch(/\.png$/);
    const textAsPng = await patchMultipart(team.owner.cookie, team.id, [
      { name: '__data', value: JSON.stringify({ city: 'Potsdam' }) },
      { name: 'logo', value: 'just some text, not an image', filename: 'logo.png', type: 'image/png' },
    ]);
    expect(textAsPng.statusCode).toBe(422);
    expect(textAsPng.json()).toMatchObject({
      detail: 'Dieser Dateityp wird für das Logo leider nicht unterstützt.',
      code: 'error.logoType',
      validationMessages: { logo: ['error.logoType'] },
    });
    // Nothing of the refused request was stored.
    const after = await call(t.app, team.owner.cookie, { method: 'GET', url: `/api/customer/${team.id}` });
    expect(after.json()).toMatchObject({ city: 'Berlin', logoFilename: renamedPng.json().logoFilename });
  });

  it('refuses a GIF, which is an image but not an allowed type', async () => {
    const team = await practiceWithTeam();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const response = await patchMultipart(team.owner.cookie, team.id, [
      { name: 'logo', value: gif, filename: 'a.gif' },
    ]);
    expect(response.statusCode).toBe(422);
  });

  it('refuses a file over 10485760 bytes with "file is too big"; exactly the limit passes the size check', async () => {
    const team = await practiceWithTeam();
    const tooBig = Buffer.alloc(10_485_761, 1);
    const response = await patchMultipart(team.owner.cookie, team.id, [
      { name: 'logo', value: tooBig, filename: 'big.png' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      detail: 'file is too big',
      code: 'error.logoSize',
      validationMessages: { logo: ['error.logoSize'] },
    });
    const atLimit = Buffer.concat([await png(), Buffer.alloc(10_485_760 - (await png()).length, 0)]);
    const accepted = await patchMultipart(team.owner.cookie, team.id, [
      { name: 'logo', value: atLimit, filename: 'ok.png' },
    ]);
    expect(accepted.statusCode).toBe(200);
  });
});

describe('deactivation and deletion', () => {
  it('admin deactivates a practice: its users are signed out and cannot sign in; reactivation restores', async () => {
    const team = await practiceWithTeam();
    const response = await call(t.app, adminCookie, {
      method: 'PATCH',
      url: `/api/customer/${team.id}/deactivate`,
      payload: { deactivated: true },
    });
    expect(response.json()).toEqual({ status: 'canceled' });
    expect((await call(t.app, team.therapist.cookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(
      401,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: team.therapist.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(422);
    expect(login.json().validationMessages).toEqual({ credentials: ['error.deactivatedProfile'] });

    const listed = (await adminListPageHolding(team.id)).list.find((practice) => practice.id === team.id);
    expect(listed).toMatchObject({ deactivated: true });
    const reactivated = await patchJson(adminCookie, team.id, { deactivated: false });
    expect(reactivated.json()).toMatchObject({ deactivated: false, status: 'active' });
    expect((await signIn(t.app, team.therapist.email)).length).toBeGreaterThan(0);
  });

  it('an owner deactivates their own account; the data stays', async () => {
    const team = await practiceWithTeam();
    const response = await call(t.app, team.owner.cookie, {
      method: 'PATCH',
      url: `/api/customer/${team.id}/deactivate`,
      payload: { deactivated: true },
    });
    expect(response.json()).toEqual({ status: 'canceled' });
    expect((await call(t.app, team.owner.cookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(401);
    const kept = await call(t.app, adminCookie, { method: 'GET', url: `/api/customer/${team.id}` });
    expect(kept.json()).toMatchObject({ id: team.id, status: 'canceled', deactivated: true });
  });

  it('refuses deactivation by therapists (403), other owners (404), and reactivation by an owner', async () => {
    const team = await practiceWithTeam();
    const other = await practiceWithTeam();
    const deactivate = (cookie: string, deactivated: boolean) =>
      call(t.app, cookie, { method: 'PATCH', url: `/api/customer/${team.id}/deactivate`, payload: { deactivated } });
    expect((await deactivate(team.therapist.cookie, true)).statusCode).toBe(403);
    expect((await deactivate(other.owner.cookie, true)).statusCode).toBe(404);
    expect((await deactivate(team.owner.cookie, false)).statusCode).toBe(403);
    // An owner's PATCH cannot flip the flag either.
    expect((await patchJson(team.owner.cookie, team.id, { deactivated: true })).json().deactivated).toBe(false);
  });

  it('refuses to delete a practice with therapists and deletes (softly) one without', async () => {
    const team = await practiceWithTeam();
    const refused = await call(t.app, adminCookie, { method: 'DELETE', url: `/api/customer/${team.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('Therapeut');
    expect(refused.json().code).toBe('error.practiceHasTherapists');
    expect((await call(t.app, adminCookie, { method: 'GET', url: `/api/customer/${team.id}` })).statusCode).toBe(200);

    const empty = await createPractice(t.database);
    const assistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId: empty });
    const assistantCookie = await signIn(t.app, assistant.email);
    const deleted = await call(t.app, adminCookie, { method: 'DELETE', url: `/api/customer/${empty}` });
    expect(deleted.statusCode).toBe(204);
    expect((await call(t.app, adminCookie, { method: 'GET', url: `/api/customer/${empty}` })).statusCode).toBe(404);
    expect((await call(t.app, adminCookie, { method: 'DELETE', url: `/api/customer/${empty}` })).statusCode).toBe(404);
    expect((await adminListPageHolding(empty)).list.map((practice) => practice.id)).not.toContain(empty);
    // Its people are out: the session ended and signing in again is refused.
    expect((await call(t.app, assistantCookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(401);
    const again = await call(t.app, undefined, {
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: assistant.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(422);
  });

  it('keeps the deleted practice’s row and its links (retention), and the database refuses a hard delete', async () => {
    const practice = await createPractice(t.database);
    const assistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId: practice });
    expect((await call(t.app, adminCookie, { method: 'DELETE', url: `/api/customer/${practice}` })).statusCode).toBe(
      204,
    );
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, practice));
    expect(row).toMatchObject({ id: practice, deactivated: true });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const links = await t.database.db.select().from(userCustomers).where(eq(userCustomers.customerId, practice));
    expect(links).toMatchObject([{ userId: assistant.id, customerId: practice, deactivated: false }]);
    // Foreign keys restrict: a hard delete of a practice that still has rows pointing at it fails.
    await expect(t.database.db.delete(customers).where(eq(customers.id, practice))).rejects.toThrow();
  });

  it('lets only admins delete', async () => {
    const team = await practiceWithTeam();
    expect(
      (await call(t.app, team.owner.cookie, { method: 'DELETE', url: `/api/customer/${team.id}` })).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/customer/{id}/therapists', () => {
  it('lists the practice’s therapists to its members, not to other practices', async () => {
    const team = await practiceWithTeam();
    const other = await practiceWithTeam();
    const response = await call(t.app, team.assistant.cookie, {
      method: 'GET',
      url: `/api/customer/${team.id}/therapists`,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .list.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([team.owner.id, team.therapist.id].sort());
    expect(
      (await call(t.app, other.assistant.cookie, { method: 'GET', url: `/api/customer/${team.id}/therapists` }))
        .statusCode,
    ).toBe(404);
  });
});
