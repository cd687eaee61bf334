import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys } from '../../src/db/schema.js';
import { removeAllPasskeysOfUser, strongSecondFactorsOf } from '../../src/modules/auth/index.js';
import type { SmtpCapture } from '../smtp-capture.js';
import { call, createPractice, createTestAppWithMail, createUser, sessionCookie, signIn } from '../test-app.js';
import { newDevice, passkeyOptions, registerPasskey, signInWithPasskey } from './passkey-fixtures.js';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let smtp: SmtpCapture;
let practiceId: number;

beforeAll(async () => {
  t = await createTestAppWithMail();
  smtp = t.smtp;
  practiceId = await createPractice(t.database);
});
afterAll(() => t.close());

async function signedInUser(language: 'de' | 'en' = 'de') {
  const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId, language });
  return { user, cookie: await signIn(t.app, user.email) };
}

const list = async (cookie: string) => {
  const response = await call(t.app, cookie, { method: 'GET', url: '/api/user/mfa/passkeys' });
  expect(response.statusCode).toBe(200);
  return response.json().list as { id: number; name: string; createdAt: string; lastUsedAt: string | null }[];
};

const isPasskeyMail = (subject: RegExp) => (mail: { subject: string }) => subject.test(mail.subject);

describe('passkey registration', () => {
  it('asks for a discoverable credential with user verification, bound to PUBLIC_URL', async () => {
    const { user, cookie } = await signedInUser();
    const options = await passkeyOptions(t.app, cookie);
    expect(options.rp).toEqual({ name: 'Praxia', id: 'praxia.test' });
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    const [stored] = await t.database.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.userId, user.id));
    expect(stored?.purpose).toBe('register');
  });

  it('registers several named passkeys, lists them, mails each, and renews the session', async () => {
    const { user, cookie } = await signedInUser('en');
    const first = await registerPasskey(t.app, cookie, newDevice(), 'Laptop');
    expect(first.response.statusCode).toBe(201);
    expect(first.response.json()).toEqual({
      id: expect.any(Number),
      name: 'Laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(first.cookie).not.toBe(cookie);
    // The old session id ended with the renewal.
    const old = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(old.statusCode).toBe(401);
    const mail = await smtp.waitForMail(user.email, 10_000, isPasskeyMail(/passkey was added/));
    expect(mail.text).toContain('"Laptop"');

    const second = await registerPasskey(t.app, first.cookie, newDevice());
    expect(second.response.statusCode).toBe(201);
    expect(second.response.json().name).toBe('Passkey');
    expect((await list(second.cookie)).map((passkey) => passkey.name)).toEqual(['Laptop', 'Passkey']);
    expect(await strongSecondFactorsOf(t.database.db, user.id)).toEqual(['passkey']);
  });

  it('does not offer a device its own credential again', async () => {
    const { cookie } = await signedInUser();
    const device = newDevice();
    const registered = await registerPasskey(t.app, cookie, device);
    const options = await passkeyOptions(t.app, registered.cookie);
    expect(options.excludeCredentials).toEqual([
      { id: device.credentials[0]?.id.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses a challenge that was never handed out, one used already, and one handed to another user', async () => {
    const { cookie } = await signedInUser();
    const device = newDevice();
    const madeUp = device.register({
      challenge: 'bm90LWEtY2hhbGxlbmdl',
      rp: { id: 'praxia.test' },
      user: { id: 'eA' },
    });
    const refused = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/mfa/passkeys',
      payload: { response: madeUp },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('error.passkeyRegistrationFailed');

    const options = await passkeyOptions(t.app, cookie);
    const response = device.register(options);
    const accepted = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/mfa/passkeys',
      payload: { response },
    });
    expect(accepted.statusCode).toBe(201);
    const replayed = await call(t.app, sessionCookie(accepted), {
      method: 'POST',
      url: '/api/user/mfa/passkeys',
      payload: { response },
    });
    expect(replayed.statusCode).toBe(422);

    const other = await signedInUser();
    const othersOptions = await passkeyOptions(t.app, other.cookie);
    const stolen = await call(t.app, sessionCookie(accepted), {
      method: 'POST',
      url: '/api/user/mfa/passkeys',
      payload: { response: newDevice().register(othersOptions) },
    });
    expect(stolen.statusCode).toBe(422);
  });

  it('refuses an authenticator that did not verify the user', async () => {
    const { user, cookie } = await signedInUser();
    const device = newDevice();
    device.verifiesUser = false;
    const { response } = await registerPasskey(t.app, cookie, device);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('error.passkeyRegistrationFailed');
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });

  it('refuses malformed answers and names with 422, and guests with 401', async () => {
    const { cookie } = await signedInUser();
    const malformed = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/mfa/passkeys',
      payload: { response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '%%%' } } },
    });
    expect(malformed.statusCode).toBe(422);
    const unreadable = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/mfa/passkeys',
      payload: {
        response: {
          id: 'a',
          rawId: 'a',
          type: 'public-key',
          response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
        },
      },
    });
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().code).toBe('error.passkeyRegistrationFailed');
    const tooLong = await registerPasskey(t.app, cookie, newDevice(), 'x'.repeat(61));
    expect(tooLong.response.statusCode).toBe(422);
    const guest = await t.app.inject({ method: 'POST', url: '/api/user/mfa/passkeys/options' });
    expect(guest.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/mfa/passkeys' })).statusCode).toBe(401);
  });
});

describe('renaming and removing passkeys', () => {
  it('renames an own passkey; another user\u2019s answers like a missing one', async () => {
    const { cookie } = await signedInUser();
    const registered = await registerPasskey(t.app, cookie, newDevice(), 'Alt');
    const id = registered.response.json().id as number;
    const renamed = await call(t.app, registered.cookie, {
      method: 'PATCH',
      url: `/api/user/mfa/passkeys/${id}`,
      payload: { name: '  Handy  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Handy');
    expect((await list(registered.cookie)).map((passkey) => passkey.name)).toEqual(['Handy']);
    const empty = await call(t.app, registered.cookie, {
      method: 'PATCH',
      url: `/api/user/mfa/passkeys/${id}`,
      payload: { name: ' ' },
    });
    expect(empty.statusCode).toBe(422);

    const other = await signedInUser();
    const foreign = await call(t.app, other.cookie, {
      method: 'PATCH',
      url: `/api/user/mfa/passkeys/${id}`,
      payload: { name: 'Meins' },
    });
    const missing = await call(t.app, other.cookie, {
      method: 'PATCH',
      url: '/api/user/mfa/passkeys/2147483000',
      payload: { name: 'Meins' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await list(registered.cookie)).map((passkey) => passkey.name)).toEqual(['Handy']);
  });

  it('removes an own passkey and mails it; the removed passkey no longer signs in', async () => {
    const { user, cookie } = await signedInUser();
    const device = newDevice();
    const registered = await registerPasskey(t.app, cookie, device, 'Tablet');
    const id = registered.response.json().id as number;
    expect((await signInWithPasskey(t.app, device)).statusCode).toBe(200);

    const other = await signedInUser();
    const foreign = await call(t.app, other.cookie, { method: 'DELETE', url: `/api/user/mfa/passkeys/${id}` });
    const missing = await call(t.app, other.cookie, { method: 'DELETE', url: '/api/user/mfa/passkeys/2147483000' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());

    const removed = await call(t.app, registered.cookie, { method: 'DELETE', url: `/api/user/mfa/passkeys/${id}` });
    expect(removed.statusCode).toBe(204);
    expect(await list(registered.cookie)).toEqual([]);
    const mail = await smtp.waitForMail(user.email, 10_000, isPasskeyMail(/Passkey wurde aus/));
    expect(mail.text).toContain('„Tablet“');
    const refused = await signInWithPasskey(t.app, device);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('error.passkeyInvalid');
    expect(await strongSecondFactorsOf(t.database.db, user.id)).toEqual([]);
  });

  it('removes every passkey of a user at once (an owner\u2019s reset)', async () => {
    const { user, cookie } = await signedInUser();
    const first = await registerPasskey(t.app, cookie, newDevice());
    await registerPasskey(t.app, first.cookie, newDevice());
    const mine = await signedInUser();
    await registerPasskey(t.app, mine.cookie, newDevice());
    expect(await removeAllPasskeysOfUser(t.database.db, user.id)).toBe(2);
    expect(await strongSecondFactorsOf(t.database.db, user.id)).toEqual([]);
    expect(await strongSecondFactorsOf(t.database.db, mine.user.id)).toEqual(['passkey']);
  });
});
