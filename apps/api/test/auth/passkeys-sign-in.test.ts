import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, passkeys, users } from '../../src/db/schema.js';
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
import { newDevice, registerPasskey, signInOptions, signInWith, signInWithPasskey } from './passkey-fixtures.js';
import type { SoftwareAuthenticator } from './software-authenticator.js';

let t: TestApp;
let practiceId: number;

beforeAll(async () => {
  t = await createTestApp();
  practiceId = await createPractice(t.database);
});
afterAll(() => t.close());

/** A user with one registered passkey on a device of their own. */
async function userWithPasskey(options: { pinByEmail?: boolean; practice?: number } = {}) {
  const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId: options.practice ?? practiceId });
  const device = newDevice();
  const { response } = await registerPasskey(t.app, await signIn(t.app, user.email), device);
  expect(response.statusCode).toBe(201);
  // Chosen after the registration, so that the registration's session needs no code.
  if (options.pinByEmail)
    await t.database.db.update(users).set({ pinTransportMethod: 'email' }).where(eq(users.id, user.id));
  return { user, device };
}

const passwordStep = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login/credentials', payload: { email, password: PASSWORD } });

const currentUserId = async (cookie: string) =>
  (await call(t.app, cookie, { method: 'GET', url: '/api/user/current' })).json().id;

const expectRefused = (response: { statusCode: number; json: () => { code: string } }) => {
  expect(response.statusCode).toBe(422);
  expect(response.json().code).toBe('error.passkeyInvalid');
};

describe('sign-in with a passkey alone', () => {
  it('asks any discoverable credential of the site, with user verification, and signs in', async () => {
    const { user, device } = await userWithPasskey();
    const options = (await signInOptions(t.app)).json();
    expect(options).toMatchObject({ rpId: 'praxia.test', userVerification: 'required', allowCredentials: [] });
    const response = await signInWith(t.app, device.authenticate(options));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: user.id });
    expect(await currentUserId(sessionCookie(response))).toBe(user.id);
    const [stored] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('needs no e-mail code even when the account chose one: the passkey is a factor of its own', async () => {
    const { user, device } = await userWithPasskey({ pinByEmail: true });
    const response = await signInWithPasskey(t.app, device);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: user.id });
  });

  it('refuses a replayed answer, a made-up challenge and an unknown credential alike', async () => {
    const { device } = await userWithPasskey();
    const options = (await signInOptions(t.app)).json();
    const answer = device.authenticate(options);
    expect((await signInWith(t.app, answer)).statusCode).toBe(200);
    expectRefused(await signInWith(t.app, answer));

    const credential = device.credentials[0];
    if (!credential) throw new Error('no credential');
    credential.counter += 1;
    expectRefused(await signInWith(t.app, device.assertion(credential, 'bWFkZS11cC1jaGFsbGVuZ2U')));

    const stranger = newDevice();
    stranger.register({ challenge: 'eA', rp: { id: 'praxia.test' }, user: { id: 'eA' } });
    const unknown = await signInWith(t.app, stranger.authenticate((await signInOptions(t.app)).json()));
    expectRefused(unknown);
    expect(unknown.cookies).toHaveLength(0);
  });

  it('refuses a signature counter that did not grow (a cloned authenticator)', async () => {
    const { device } = await userWithPasskey();
    expect((await signInWithPasskey(t.app, device)).statusCode).toBe(200);
    const credential = device.credentials[0];
    if (!credential) throw new Error('no credential');
    const { challenge } = (await signInOptions(t.app)).json();
    expectRefused(await signInWith(t.app, device.assertion(credential, challenge, 'praxia.test', credential.counter)));
  });

  it('refuses an answer without user verification, or for another site', async () => {
    const { device } = await userWithPasskey();
    device.verifiesUser = false;
    expectRefused(await signInWithPasskey(t.app, device));
    device.verifiesUser = true;
    const credential = device.credentials[0];
    if (!credential) throw new Error('no credential');
    credential.counter += 1;
    const { challenge } = (await signInOptions(t.app)).json();
    expectRefused(await signInWith(t.app, device.assertion(credential, challenge, 'evil.test')));
  });

  it('applies the password sign-in\u2019s rules: deactivated users and practices, unconfirmed addresses', async () => {
    const deactivated = await userWithPasskey();
    await t.database.db.update(users).set({ deactivated: true }).where(eq(users.id, deactivated.user.id));
    const refusedUser = await signInWithPasskey(t.app, deactivated.device);
    expect(refusedUser.statusCode).toBe(422);
    expect(refusedUser.json().code).toBe('error.deactivatedProfile');

    const practice = await createPractice(t.database);
    const member = await userWithPasskey({ practice });
    await t.database.db.update(customers).set({ deactivated: true }).where(eq(customers.id, practice));
    expect((await signInWithPasskey(t.app, member.device)).json().code).toBe('error.deactivatedProfile');

    const unconfirmed = await userWithPasskey();
    await t.database.db.update(users).set({ isConfirmed: false }).where(eq(users.id, unconfirmed.user.id));
    const refused = await signInWithPasskey(t.app, unconfirmed.device);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('error.notConfirmed');
    expect(refused.cookies).toHaveLength(0);
  });

  it('validates the answer\u2019s shape', async () => {
    const response = await signInWith(t.app, { id: 'a b', rawId: 'a', type: 'public-key', response: {} });
    expect(response.statusCode).toBe(422);
  });
});

describe('a passkey as the second step after the password', () => {
  async function passwordThenOptions(device: SoftwareAuthenticator, email: string) {
    const step = await passwordStep(email);
    expect(step.statusCode).toBe(200);
    const loginToken = step.json().loginToken as string;
    const options = (await signInOptions(t.app, loginToken)).json();
    return { step, loginToken, options, answer: device.authenticate(options) };
  }

  it('the password step asks for the passkey instead of mailing a code, and the passkey completes it', async () => {
    const { user, device } = await userWithPasskey({ pinByEmail: true });
    const { step, loginToken, options, answer } = await passwordThenOptions(device, user.email);
    expect(step.json()).toEqual({ additionalCheck: true, loginToken: expect.any(String), secondFactors: ['passkey'] });
    expect(step.cookies).toHaveLength(0);
    expect(options.allowCredentials).toEqual([
      { id: device.credentials[0]?.id.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
    const response = await signInWith(t.app, answer, loginToken);
    expect(response.statusCode).toBe(200);
    expect(await currentUserId(sessionCookie(response))).toBe(user.id);
    // The login token is spent.
    expectRefused(await signInOptions(t.app, loginToken));
  });

  it('the e-mail code route does not take a passkey sign-in\u2019s login token', async () => {
    const { user } = await userWithPasskey();
    const loginToken = (await passwordStep(user.email)).json().loginToken as string;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/pin',
      payload: { loginToken, pin: '123456' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.cookies).toHaveLength(0);
  });

  it('another user\u2019s passkey answers like a missing one, and five refusals end the attempt', async () => {
    const { user, device } = await userWithPasskey();
    const other = await userWithPasskey();
    const loginToken = (await passwordStep(user.email)).json().loginToken as string;
    for (let attempt = 0; attempt < 5; attempt++) {
      const options = (await signInOptions(t.app, loginToken)).json();
      const otherCredential = other.device.credentials[0];
      if (!otherCredential) throw new Error('no credential');
      otherCredential.counter += 1;
      expectRefused(await signInWith(t.app, other.device.assertion(otherCredential, options.challenge), loginToken));
    }
    // The right passkey is too late now: the attempt is over.
    expectRefused(await signInOptions(t.app, loginToken));
    const credential = device.credentials[0];
    if (!credential) throw new Error('no credential');
    credential.counter += 1;
    const { challenge } = (await signInOptions(t.app)).json();
    expectRefused(await signInWith(t.app, device.assertion(credential, challenge), loginToken));
  });

  it('a challenge of the passwordless sign-in does not complete a password step, nor one of another step', async () => {
    const { user, device } = await userWithPasskey();
    const loginToken = (await passwordStep(user.email)).json().loginToken as string;
    const passwordless = device.authenticate((await signInOptions(t.app)).json());
    expectRefused(await signInWith(t.app, passwordless, loginToken));
    const otherStep = await passwordThenOptions(device, user.email);
    expectRefused(await signInWith(t.app, otherStep.answer, loginToken));
    expectRefused(await signInOptions(t.app, 'not-a-login-token'));
  });

  it('the password step of a user without passkeys stays as it was', async () => {
    const plain = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    expect((await passwordStep(plain.email)).json()).toEqual({ userId: plain.id });
  });
});
