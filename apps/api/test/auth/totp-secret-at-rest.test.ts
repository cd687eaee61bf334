import { randomBytes } from 'node:crypto';
import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../src/config.js';
import { userTotp } from '../../src/db/schema.js';
import { keyIdOf, sealTotpSecret } from '../../src/modules/auth/totp-secret-box.js';
import { call, createPractice, createTestApp, createUser, sessionCookie, signIn, type TestApp } from '../test-app.js';
import { enrolTotp, passwordStep, sendCode, totpCode } from './totp-fixtures.js';

// The development key (SECOND_FACTOR_KEY unset) is current; the previous one stands for a key being rotated out.
const currentKey = readConfig({}).secondFactorKeys.current;
const previousKey = new Uint8Array(randomBytes(32));

let t: TestApp;
let practiceId: number;

beforeAll(async () => {
  t = await createTestApp({ config: { secondFactorKeys: { current: currentKey, previous: previousKey } } });
  practiceId = await createPractice(t.database);
});
afterAll(() => t.close());

async function storedSecret(userId: number): Promise<string> {
  const [row] = await t.database.db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row) throw new Error(`No authenticator app for user ${userId}`);
  return row.secret;
}

const storeSecret = (userId: number, secret: string) =>
  t.database.db.update(userTotp).set({ secret }).where(eq(userTotp.userId, userId));

/** A therapist with a confirmed authenticator app: the secret as the app has it. */
async function enrolledTherapist() {
  const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
  const { secret } = await enrolTotp(t.app, await signIn(t.app, user.email));
  return { user, secret };
}

async function signInWithCode(email: string, code: string) {
  return sendCode(t.app, await passwordStep(t.app, email), code);
}

const isSealedUnder = (stored: string, key: Uint8Array) => stored.startsWith(`v1:${keyIdOf(key)}:`);

describe('the authenticator secret in the database', () => {
  it('is stored encrypted from the start of the enrolment, and the app’s codes sign in', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const cookie = await signIn(t.app, user.email);
    const { secret } = (await call(t.app, cookie, { method: 'POST', url: '/api/user/mfa/totp' })).json();
    const pending = await storedSecret(user.id);
    expect(pending).not.toBe(secret);
    expect(pending).not.toContain(secret);
    expect(isSealedUnder(pending, currentKey)).toBe(true);

    const confirmed = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/mfa/totp/confirm',
      payload: { code: await totpCode(secret, -1) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await storedSecret(user.id)).toBe(pending);
    const signedIn = await signInWithCode(user.email, await totpCode(secret));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ userId: user.id });
    expect(sessionCookie(signedIn)).toBeTruthy();
  });

  it('keeps a plain secret from before encryption working, and encrypts it at its next use', async () => {
    const { user, secret } = await enrolledTherapist();
    await storeSecret(user.id, secret);
    expect((await signInWithCode(user.email, await totpCode(secret))).statusCode).toBe(200);
    const stored = await storedSecret(user.id);
    expect(stored).not.toContain(secret);
    expect(isSealedUnder(stored, currentKey)).toBe(true);
    // The newly encrypted value serves the next sign-in.
    expect((await signInWithCode(user.email, await totpCode(secret, 1))).statusCode).toBe(200);
  });

  it('leaves a plain secret as it is while only wrong codes come', async () => {
    const { user, secret } = await enrolledTherapist();
    await storeSecret(user.id, secret);
    const right = await totpCode(secret);
    expect((await signInWithCode(user.email, right === '000000' ? '111111' : '000000')).statusCode).toBe(422);
    expect(await storedSecret(user.id)).toBe(secret);
  });

  it('reads a secret under the previous key and encrypts it under the current one after a sign-in', async () => {
    const { user, secret } = await enrolledTherapist();
    await storeSecret(user.id, sealTotpSecret({ current: previousKey, previous: null }, user.id, secret));
    expect((await signInWithCode(user.email, await totpCode(secret))).statusCode).toBe(200);
    expect(isSealedUnder(await storedSecret(user.id), currentKey)).toBe(true);
    expect((await signInWithCode(user.email, await totpCode(secret, 1))).statusCode).toBe(200);
  });

  it('answers a secret no key opens as a wrong code, and logs it once with the user id but not the secret', async () => {
    const { user, secret } = await enrolledTherapist();
    const unknownKey = new Uint8Array(randomBytes(32));
    const foreign = sealTotpSecret({ current: unknownKey, previous: null }, user.id, secret);
    await storeSecret(user.id, foreign);
    const logError = vi.spyOn(t.app.log, 'error');
    try {
      const response = await signInWithCode(user.email, await totpCode(secret));
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('error.pinInvalid');
      expect(response.cookies).toHaveLength(0);
      expect(logError).toHaveBeenCalledTimes(1);
      expect(logError.mock.calls[0]?.[0]).toMatchObject({ userId: user.id });
      expect(JSON.stringify(logError.mock.calls)).not.toContain(secret);
    } finally {
      logError.mockRestore();
    }
    expect(await storedSecret(user.id)).toBe(foreign);
  });
});
