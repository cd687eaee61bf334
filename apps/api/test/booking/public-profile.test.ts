import { type PublicProfile, publicProfileSchema, Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCustomers, users } from '../../src/db/schema.js';
import {
  call,
  createPractice,
  createTestApp,
  createUser,
  multipart,
  signIn,
  type TestApp,
  type TestUser,
} from '../test-app.js';

let t: TestApp;
let practiceId: number;
let therapist: TestUser;
let assistant: TestUser;
let patient: TestUser;
let admin: TestUser;
let otherOwner: TestUser;

// Far from the 10115 that other test files use, so a shared PostgreSQL database does not mix their rows in.
const POSTAL_CODE = '83471';

beforeAll(async () => {
  t = await createTestApp();
  practiceId = await createPractice(t.database, {
    name: 'Praxis am See',
    street: 'Seestraße 4',
    postalCode: POSTAL_CODE,
    city: 'Berchtesgaden',
    phone: '+49 8652 123',
    email: 'praxis-intern@test.example.org',
    taxNumber: 'PRACTICE-TAX-7',
    remarks: 'interne Bemerkung',
  });
  therapist = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
  assistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId });
  patient = await createUser(t.database, { roles: Role.REGISTERED, practiceId });
  admin = await createUser(t.database, { roles: Role.ADMIN });
  otherOwner = await createUser(t.database, {
    roles: Role.THERAPIST | Role.CUSTOMER_ADMIN,
    practiceId: await createPractice(t.database),
  });
  await t.database.db
    .update(users)
    .set({
      title: 'Dr.',
      salutation: 'Frau',
      jobTitleType: 'psychologicalPsychotherapist',
      phone: '+49 170 5550000',
      website: 'praxis-am-see.example.org',
      languages: ['de', 'en'],
      therapeuticFocus: ['trauma', 'anxiety'],
      treatmentMethods: ['cbt'],
      coverageTypes: ['private', 'selfPay'],
      therapistProfileText: 'Ich begleite Sie.',
      billingInformation: 'Privat und Selbstzahler.',
      // Written around the sanitiser, as an old row might be: the answer must still be clean.
      vita: '<p>Studium in <b>München</b><script>alert(1)</script><img src=x onerror=alert(2)></p>',
      taxNumber: 'DE-SECRET-TAX',
      street: 'Privatweg 9',
      returnAddress: 'Geheime Rücksendeadresse',
      invoiceSignature: 'Unterschrift intern',
    })
    .where(eq(users.id, therapist.id));
});
afterAll(() => t.close());

const guestGet = (url: string) => t.app.inject({ method: 'GET', url });
const profileOf = (id: number) => guestGet(`/api/user/${id}`);

/** Every key of the guest's answer, at any depth, must be on this list. */
const ALLOWED: Record<string, string[]> = {
  '': [
    'id',
    'title',
    'firstName',
    'lastName',
    'salutation',
    'jobTitleType',
    'jobTitleFreetext',
    'hasAvatar',
    'avatar',
    'customers',
    'phone',
    'website',
    'therapeuticFocus',
    'treatmentMethods',
    'languages',
    'coverageTypes',
    'therapistProfileText',
    'billingInformation',
    'vita',
  ],
  'customers[]': ['id', 'name', 'street', 'postalCode', 'city', 'longitude', 'latitude'],
};

function walkAgainstAllowList(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => walkAgainstAllowList(item, `${path}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    expect(ALLOWED[path], `no allow-list for "${path}"`).toBeDefined();
    expect(ALLOWED[path], `${path}.${key} is not public`).toContain(key);
    return [`${path}.${key}`, ...walkAgainstAllowList(child, path ? `${path}.${key}` : key)];
  });
}

async function notFoundBody() {
  const response = await profileOf(2_000_000_000);
  expect(response.statusCode).toBe(404);
  return response.json();
}

describe('GET /api/user/{id} for a guest', () => {
  it('answers a listed therapist’s public profile, and only its public fields', async () => {
    const response = await profileOf(therapist.id);
    expect(response.statusCode, response.body).toBe(200);
    const seen = walkAgainstAllowList(response.json());
    expect(seen).toContain('customers[].latitude');
    for (const secret of [
      'DE-SECRET-TAX',
      'PRACTICE-TAX-7',
      'Privatweg',
      'Rücksendeadresse',
      'Unterschrift',
      'interne Bemerkung',
      '@test.example.org',
      'script',
      'onerror',
    ]) {
      expect(response.body, secret).not.toContain(secret);
    }
    const profile = response.json() as PublicProfile;
    expect(publicProfileSchema.parse(profile)).toEqual(profile);
    expect(profile).toMatchObject({
      id: therapist.id,
      title: 'Dr.',
      salutation: 'Frau',
      jobTitleType: 'psychologicalPsychotherapist',
      hasAvatar: false,
      avatar: null,
      phone: '+49 170 5550000',
      website: 'praxis-am-see.example.org',
      therapeuticFocus: ['trauma', 'anxiety'],
      languages: ['de', 'en'],
      coverageTypes: ['private', 'selfPay'],
      vita: '<p>Studium in <b>München</b></p>',
    });
    expect(profile.customers).toHaveLength(1);
    const practice = profile.customers[0];
    expect(practice).toMatchObject({
      id: practiceId,
      name: 'Praxis am See',
      street: 'Seestraße 4',
      postalCode: POSTAL_CODE,
      city: 'Berchtesgaden',
    });
    // Berchtesgaden lies at about 47.6° N, 13.0° E.
    expect(practice?.latitude).toBeGreaterThan(47.4);
    expect(practice?.latitude).toBeLessThan(47.8);
    expect(practice?.longitude).toBeGreaterThan(12.8);
    expect(practice?.longitude).toBeLessThan(13.2);
  });

  it('hides a salutation its owner keeps out of the search, and falls back to the practice’s phone', async () => {
    const id = (await createUser(t.database, { roles: Role.THERAPIST, practiceId })).id;
    await t.database.db
      .update(users)
      .set({ salutation: 'Divers', salutationSearchable: false, phone: null })
      .where(eq(users.id, id));
    const profile = (await profileOf(id)).json() as PublicProfile;
    expect(profile.salutation).toBeNull();
    expect(profile.phone).toBe('+49 8652 123');
  });

  it('places a practice whose postal code is unknown nowhere (null position), but still shows it', async () => {
    const unknownPlace = await createPractice(t.database, { postalCode: '00000' });
    const id = (await createUser(t.database, { roles: Role.THERAPIST, practiceId: unknownPlace })).id;
    const profile = (await profileOf(id)).json() as PublicProfile;
    expect(profile.customers).toEqual([
      expect.objectContaining({ id: unknownPlace, postalCode: '00000', latitude: null, longitude: null }),
    ]);
  });

  it('keeps the profile of a practice in its trial, not of one whose trial has ended', async () => {
    const inTrial = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() + 86_400_000) });
    const trialTherapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: inTrial });
    expect((await profileOf(trialTherapist.id)).statusCode).toBe(200);
    const ended = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() - 86_400_000) });
    const endedTherapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: ended });
    expect((await profileOf(endedTherapist.id)).statusCode).toBe(404);
  });

  it('answers 404 with the same body for unknown ids, patients, assistants, admins and inactive therapists', async () => {
    const expected = await notFoundBody();
    const deactivatedUser = await createUser(t.database, { roles: Role.THERAPIST, practiceId, deactivated: true });
    const deleted = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    await t.database.db.update(users).set({ deleted: true }).where(eq(users.id, deleted.id));
    const unassigned = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    await t.database.db.update(userCustomers).set({ deactivated: true }).where(eq(userCustomers.userId, unassigned.id));
    const withoutPractice = await createUser(t.database, { roles: Role.THERAPIST });
    const hiddenPractices = await Promise.all(
      [{ deactivated: true }, { status: 'canceled' as const }, { deletedAt: new Date() }].map(async (values) => {
        const id = await createPractice(t.database, values);
        return createUser(t.database, { roles: Role.THERAPIST, practiceId: id });
      }),
    );
    const hidden = { patient, assistant, admin, deactivatedUser, deleted, unassigned, withoutPractice };
    for (const [name, user] of [...Object.entries(hidden), ...hiddenPractices.map((u, i) => [`practice ${i}`, u])] as [
      string,
      TestUser,
    ][]) {
      const response = await profileOf(user.id);
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toEqual(expected);
    }
  });

  it('answers 422 for a malformed id', async () => {
    expect((await guestGet('/api/user/abc')).statusCode).toBe(422);
  });

  it('leaves the signed-in answer as it was: the full user for the practice, 404 for another practice', async () => {
    const own = await call(t.app, await signIn(t.app, assistant.email), {
      method: 'GET',
      url: `/api/user/${therapist.id}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: therapist.id, email: therapist.email, roles: expect.any(Number) });
    const foreign = await call(t.app, await signIn(t.app, otherOwner.email), {
      method: 'GET',
      url: `/api/user/${therapist.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(await notFoundBody());
  });

  it('answers an ended session with 401 as before, not with the guest’s answer', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/${therapist.id}`,
      headers: { cookie: 'praxia_session=ended-or-unknown-session-id' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/user/{id}/avatar for a guest', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c92a2a' } })
      .png()
      .toBuffer();
  });

  const uploadAvatar = async (owner: TestUser) => {
    const response = await call(t.app, await signIn(t.app, owner.email), {
      method: 'PUT',
      url: `/api/user/${owner.id}/avatar`,
      ...multipart([{ name: 'file', value: png, filename: 'bild.png', type: 'image/png' }]),
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('serves a public therapist’s picture, and names it in the profile', async () => {
    await uploadAvatar(therapist);
    const profile = (await profileOf(therapist.id)).json() as PublicProfile;
    expect(profile).toMatchObject({ hasAvatar: true, avatar: `/api/user/${therapist.id}/avatar` });
    const image = await guestGet(`/api/user/${therapist.id}/avatar`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers 404 for anyone else’s picture, and keeps the staff rules for signed-in callers', async () => {
    await uploadAvatar(assistant);
    const missing = await guestGet('/api/user/2000000000/avatar');
    expect(missing.statusCode).toBe(404);
    const assistantsPicture = await guestGet(`/api/user/${assistant.id}/avatar`);
    expect(assistantsPicture.statusCode).toBe(404);
    expect(assistantsPicture.json()).toEqual(missing.json());

    const staff = await call(t.app, await signIn(t.app, therapist.email), {
      method: 'GET',
      url: `/api/user/${assistant.id}/avatar`,
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    const foreign = await call(t.app, await signIn(t.app, otherOwner.email), {
      method: 'GET',
      url: `/api/user/${assistant.id}/avatar`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('rate limits on the public profile', () => {
  it('limits guests per network (60 profiles, 300 pictures a minute) and never signed-in callers', async () => {
    const strict = await createTestApp({ rateLimitScale: 0.05 });
    try {
      const owner = await createUser(strict.database, {
        roles: Role.THERAPIST,
        practiceId: await createPractice(strict.database, { postalCode: POSTAL_CODE }),
      });
      const ask = (url: string, remoteAddress: string) => strict.app.inject({ method: 'GET', url, remoteAddress });
      const profile = `/api/user/${owner.id}`;
      // 60 × 0.05 = 3 profile answers per network and minute.
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await ask(profile, '203.0.113.7')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await ask(profile, '203.0.113.8')).statusCode).toBe(200);
      // 300 × 0.05 = 15 pictures (answered 404 here: the therapist has none).
      const pictures = [];
      for (let i = 0; i < 16; i++) pictures.push((await ask(`${profile}/avatar`, '203.0.113.9')).statusCode);
      expect(pictures.slice(0, 15).every((status) => status === 404)).toBe(true);
      expect(pictures[15]).toBe(429);

      const cookie = await signIn(strict.app, owner.email);
      for (let i = 0; i < 5; i++) {
        const response = await call(strict.app, cookie, { method: 'GET', url: profile, remoteAddress: '203.0.113.7' });
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await strict.close();
    }
  });
});

describe('GET /api/common/map-settings and the tile server in the CSP', () => {
  it('answers OpenStreetMap by default, from another origin, and lets the page load its tiles', async () => {
    const response = await guestGet('/api/common/map-settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap-Mitwirkende',
      sameOrigin: false,
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org[;]/);
  });

  it('says sameOrigin for tiles served by this server, and adds nothing to the CSP', async () => {
    for (const mapTileUrl of ['/tiles/{z}/{x}/{y}.png', 'http://praxia.test/tiles/{z}/{x}/{y}.png']) {
      const own = await createTestApp({ config: { mapTileUrl, mapTileAttribution: 'Eigene Karten' } });
      try {
        const response = await own.app.inject({ method: 'GET', url: '/api/common/map-settings' });
        expect(response.json()).toEqual({ tileUrl: mapTileUrl, attribution: 'Eigene Karten', sameOrigin: true });
        expect(String(response.headers['content-security-policy'])).toContain("img-src 'self' data: blob:;");
      } finally {
        await own.close();
      }
    }
  });
});

describe('GET /suche (the search redirect)', () => {
  it('moves the postcode into the path with 301, and without one goes to the empty search', async () => {
    const withCode = await guestGet('/suche?postcode=10115');
    expect(withCode.statusCode).toBe(301);
    expect(withCode.headers.location).toBe('/suche/psychotherapeuten-in-10115');
    const without = await guestGet('/suche');
    expect(without.statusCode).toBe(301);
    expect(without.headers.location).toBe('/suche/psychotherapeuten-in-');
    // Whatever is sent stays one encoded segment of our own path.
    const odd = await guestGet(`/suche?postcode=${encodeURIComponent('//evil.example/x')}`);
    expect(odd.headers.location).toBe('/suche/psychotherapeuten-in-%2F%2Fevil.example%2Fx');
  });
});
