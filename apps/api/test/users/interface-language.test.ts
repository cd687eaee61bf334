import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import {
  call,
  createPractice,
  createTestAppWithMail,
  createUser,
  signIn,
  type TestUser,
  uniqueEmail,
} from '../test-app.js';

// The interface language of a user (`language`, de or en), not the languages a therapist speaks (`languages`).

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let park: number;
let owner: TestUser;
let therapist: TestUser;
let otherOwner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestAppWithMail();
  park = await createPractice(t.database);
  const other = await createPractice(t.database);
  owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: park });
  therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: park });
  otherOwner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId: other });
  admin = await createUser(t.database, { roles: Role.ADMIN });
  await t.database.db.update(users).set({ jobTitleType: 'psychologicalPsychotherapist' });
});
afterAll(() => t.close());

const storedLanguage = async (id: number) =>
  (await t.database.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language;

describe('the interface language of a user', () => {
  it('is set by the user on themselves, answered by /user/current and used for their mails', async () => {
    const cookie = await signIn(t.app, therapist.email);
    const before = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(before.json().language).toBe('de');

    const saved = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/user/${therapist.id}`,
      payload: { language: 'en' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'en', languages: ['de'] });
    const current = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(current.json().language).toBe('en');
    // A new sign-in answers the stored setting too.
    const again = await call(t.app, await signIn(t.app, therapist.email), { method: 'GET', url: '/api/user/current' });
    expect(again.json().language).toBe('en');

    const reset = await call(t.app, undefined, {
      method: 'POST',
      url: '/api/user/password/reset',
      payload: { email: therapist.email },
    });
    expect(reset.statusCode).toBe(204);
    expect((await t.smtp.waitForMail(therapist.email)).subject).toBe('Reset your Praxia password');
  });

  it('is set by an owner or an admin when creating staff, and the invitation speaks it', async () => {
    for (const creator of [owner, admin]) {
      const email = uniqueEmail('english');
      const response = await call(t.app, await signIn(t.app, creator.email), {
        method: 'POST',
        url: '/api/user',
        payload: {
          firstName: 'Emma',
          lastName: 'Jones',
          email,
          roles: Role.SECRETARY,
          customerIds: [park],
          language: 'en',
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().language).toBe('en');
      expect(await storedLanguage(response.json().id)).toBe('en');
      expect((await t.smtp.waitForMail(email)).subject).toBe('Your Praxia access');
    }
  });

  it('is changed by the owner on their practice staff', async () => {
    const response = await call(t.app, await signIn(t.app, owner.email), {
      method: 'PATCH',
      url: `/api/user/${therapist.id}`,
      payload: { language: 'de' },
    });
    expect(response.statusCode).toBe(200);
    expect(await storedLanguage(therapist.id)).toBe('de');
  });

  it('accepts only de and en, naming the field', async () => {
    const cookie = await signIn(t.app, owner.email);
    for (const language of ['fr', 'EN', '', null]) {
      const response = await call(t.app, cookie, {
        method: 'PATCH',
        url: `/api/user/${owner.id}`,
        payload: { language },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().validationMessages).toHaveProperty('language');
    }
    const created = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user',
      payload: { firstName: 'A', lastName: 'B', email: uniqueEmail(), roles: Role.SECRETARY, language: 'fr' },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().validationMessages).toHaveProperty('language');
    expect(await storedLanguage(owner.id)).toBe('de');
  });

  it("answers 404 for another practice's user, like a missing one, and changes nothing", async () => {
    await t.database.db.update(users).set({ language: 'de' }).where(eq(users.id, therapist.id));
    const cookie = await signIn(t.app, otherOwner.email);
    const foreign = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/user/${therapist.id}`,
      payload: { language: 'en' },
    });
    const missing = await call(t.app, cookie, {
      method: 'PATCH',
      url: '/api/user/999999',
      payload: { language: 'en' },
    });
    expect([foreign.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(foreign.json().detail).toBe(missing.json().detail);
    expect(await storedLanguage(therapist.id)).toBe('de');
  });
});
