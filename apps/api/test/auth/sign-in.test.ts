import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.js';
import {
  call,
  createPractice,
  createTestApp,
  createUser,
  PASSWORD,
  sessionCookie,
  signIn,
  type TestApp,
} from '../test-app.js';

let t: TestApp;
let practiceId: number;

beforeAll(async () => {
  t = await createTestApp();
  practiceId = await createPractice(t.database);
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login/credentials', payload: { email, password } });

describe('POST /api/user/login/credentials', () => {
  it('signs in with the right password and sets a hardened session cookie', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const response = await login(user.email.toUpperCase(), PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: user.id });
    const cookie = response.cookies.find((c) => c.name === 'praxia_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
    expect(cookie?.maxAge).toBe(12 * 60 * 60);
  });

  it('answers 401 for a wrong password and for an unknown e-mail alike', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const wrong = await login(user.email, 'Falsch-Passwort-1!');
    const unknown = await login('nobody-here@test.example.org', PASSWORD);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        status: 401,
        detail: 'E-Mail oder Passwort falsch',
        code: 'error.credentialsInvalid',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('answers 422 error.deactivatedProfile for a deactivated profile', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId, deactivated: true });
    const response = await login(user.email, PASSWORD);
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ credentials: ['error.deactivatedProfile'] });
  });

  it('refuses a profile whose registration is not confirmed yet', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId, isConfirmed: false });
    const response = await login(user.email, PASSWORD);
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ credentials: ['error.notConfirmed'] });
  });

  it('validates the body: e-mail must be valid, password required', async () => {
    const response = await login('not-an-email', '');
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({
      email: ['error.invalidEmail'],
      password: ['error.required'],
    });
  });
});

describe('sessions', () => {
  it('GET /api/user/current answers 401 without a session and the user with one', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/current' });
    expect(anonymous.statusCode).toBe(401);
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const cookie = await signIn(t.app, user.email);
    const current = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      id: user.id,
      email: user.email,
      roles: Role.THERAPIST,
      customerIds: [practiceId],
    });
    expect(current.json()).not.toHaveProperty('passwordHash');
    expect(Date.parse(current.json().expireAt)).toBeGreaterThan(Date.now() + 11 * 3600_000);
  });

  it('issues a new session id at each login and ends the previous one', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const first = await signIn(t.app, user.email);
    const second = sessionCookie(
      await call(t.app, first, {
        method: 'POST',
        url: '/api/user/login/credentials',
        payload: { email: user.email, password: PASSWORD },
      }),
    );
    expect(second).not.toBe(first);
    expect((await call(t.app, first, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(401);
    expect((await call(t.app, second, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(200);
  });

  it('GET /api/user/logout ends the session on the server; replaying the cookie gets 401 saying it was signed out', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const cookie = await signIn(t.app, user.email);
    const logout = await call(t.app, cookie, { method: 'GET', url: '/api/user/logout' });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    const replay = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'error.sessionSignedOut' });
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.endedReason)).toEqual(['signedOut']);
  });

  it('GET /api/user/logout from another site (a link or image there) is refused with 403 and ends no session', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const cookie = await signIn(t.app, user.email);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': undefined, origin: 'https://evil.example.com' },
      { 'sec-fetch-site': undefined },
    ]) {
      const logout = await t.app.inject({ method: 'GET', url: '/api/user/logout', headers: { ...headers, cookie } });
      expect(logout.statusCode).toBe(403);
      expect(logout.json().code).toBe('error.crossSiteRefused');
    }
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(200);
    const byOrigin = await t.app.inject({
      method: 'GET',
      url: '/api/user/logout',
      headers: { 'sec-fetch-site': undefined, origin: 'http://praxia.test', cookie },
    });
    expect(byOrigin.statusCode).toBe(200);
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(401);
  });

  it('ends a session idle for 12 hours, and renews the idle deadline on each call', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const cookie = await signIn(t.app, user.email);
    const soon = new Date(Date.now() + 30 * 60_000);
    await t.database.db.update(sessions).set({ idleExpiresAt: soon }).where(eq(sessions.userId, user.id));
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user/current' })).statusCode).toBe(200);
    const [renewed] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(renewed?.idleExpiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);

    await t.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const expired = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ detail: 'Session expired', code: 'error.sessionExpired' });
  });

  it('ends a session at its absolute lifetime even when active, and says so rather than inactivity', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const cookie = await signIn(t.app, user.email);
    // In use to the end: the idle deadline was renewed up to the absolute one.
    const capped = new Date(Date.now() - 1000);
    await t.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: capped, idleExpiresAt: capped })
      .where(eq(sessions.userId, user.id));
    const ended = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'error.sessionLifetimeEnded' });
  });

  it('says a session ended by deactivation was deactivated', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const cookie = await signIn(t.app, user.email);
    await t.database.db.update(users).set({ deactivated: true }).where(eq(users.id, user.id));
    const ended = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'error.sessionDeactivated' });
  });
});
