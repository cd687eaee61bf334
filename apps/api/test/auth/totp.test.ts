import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, userTotp } from '../../src/db/schema.js';
import type { SmtpCapture } from '../smtp-capture.js';
import {
  call,
  createPractice,
  createTestAppWithMail,
  createUser,
  PASSWORD,
  sessionCookie,
  signIn,
  type TestUser,
} from '../test-app.js';
import { enrolTotp, passwordStep, sendCode, totpCode } from './totp-fixtures.js';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let smtp: SmtpCapture;
let practiceId: number;

beforeAll(async () => {
  t = await createTestAppWithMail();
  smtp = t.smtp;
  practiceId = await createPractice(t.database);
});
afterAll(() => t.close());

async function signedInTherapist(options: { pinByEmail?: boolean; language?: 'de' | 'en' } = {}) {
  const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId, ...options });
  return { user, cookie: await signIn(t.app, user.email) };
}

const mfaStatus = async (cookie: string) => (await call(t.app, cookie, { method: 'GET', url: '/api/user/mfa' })).json();
const currentUser = (cookie: string) => call(t.app, cookie, { method: 'GET', url: '/api/user/current' });

describe('enrolling an authenticator app', () => {
  it('answers a secret and an otpauth address for Praxia and the e-mail, and keeps the secret to the enrolment', async () => {
    const { user, cookie } = await signedInTherapist();
    expect(await mfaStatus(cookie)).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      secondFactors: [],
      practiceRequiresTwoFactor: false,
    });
    const response = await call(t.app, cookie, { method: 'POST', url: '/api/user/mfa/totp' });
    expect(response.statusCode).toBe(200);
    const { secret, otpauthUrl } = response.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const address = new URL(otpauthUrl);
    expect(address.protocol).toBe('otpauth:');
    expect(address.host).toBe('totp');
    expect(decodeURIComponent(address.pathname)).toBe(`/Praxia:${user.email}`);
    expect(address.searchParams.get('issuer')).toBe('Praxia');
    expect(address.searchParams.get('secret')).toBe(secret);
    // Not set up until a code confirms it: the password alone still signs in.
    expect((await mfaStatus(cookie)).totp).toBe(false);
    const signInMeanwhile = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(signInMeanwhile.json()).toEqual({ userId: user.id });
  });

  it('refuses a wrong code, confirms with a right one, answers ten recovery codes once and renews the session', async () => {
    const { user, cookie } = await signedInTherapist({ language: 'en' });
    const { secret } = (await call(t.app, cookie, { method: 'POST', url: '/api/user/mfa/totp' })).json();
    const right = await totpCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/mfa/totp/confirm',
      payload: { code: wrong },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().validationMessages).toEqual({ code: ['error.pinInvalid'] });

    const confirmed = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/mfa/totp/confirm',
      payload: { code: right },
    });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    // A new session id; the one from before the enrolment is over.
    const renewed = sessionCookie(confirmed);
    expect(renewed).not.toBe(cookie);
    expect((await currentUser(cookie)).statusCode).toBe(401);
    expect((await currentUser(renewed)).json().id).toBe(user.id);

    const status = await mfaStatus(renewed);
    expect(status).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
      secondFactors: ['totp'],
      practiceRequiresTwoFactor: false,
    });
    // The secret is never handed out again: a new enrolment is refused, and no answer carries it.
    const again = await call(t.app, renewed, { method: 'POST', url: '/api/user/mfa/totp' });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);

    // Only hashes of the recovery codes are stored.
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const storedText = stored.map((row) => Buffer.from(row.codeHash).toString('latin1')).join();
    for (const code of codes) expect(storedText).not.toContain(code.replaceAll('-', ''));

    const mail = await smtp.waitForMail(user.email, 10_000, (m) => m.subject.includes('switched on'));
    expect(mail.subject).toBe('Two-factor authentication switched on');
  });

  it('answers 404 for a confirmation without an enrolment, and 422 for a malformed code', async () => {
    const { cookie } = await signedInTherapist();
    const none = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/mfa/totp/confirm',
      payload: { code: '123456' },
    });
    expect(none.statusCode).toBe(404);
    const malformed = await call(t.app, cookie, {
      method: 'POST',
      url: '/api/user/mfa/totp/confirm',
      payload: { code: '12a' },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().validationMessages).toEqual({ code: ['error.pinInvalid'] });
  });

  it('is only for a signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/mfa/totp' });
    expect(response.statusCode).toBe(401);
  });
});

describe('signing in with the authenticator app', () => {
  let user: TestUser;
  let secret: string;
  let codes: string[];

  beforeAll(async () => {
    // The e-mail code was chosen before: the stronger factor replaces it.
    const signedIn = await signedInTherapist({ pinByEmail: false });
    user = signedIn.user;
    ({ secret, recoveryCodes: codes } = await enrolTotp(t.app, signedIn.cookie));
  });

  it('asks for the second factor after the password, and signs in with a current code under a new session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(response.json()).toEqual({ additionalCheck: true, loginToken: expect.any(String), secondFactors: ['totp'] });
    expect(response.cookies).toHaveLength(0);
    const signedIn = await sendCode(t.app, response.json().loginToken, await totpCode(secret));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ userId: user.id });
    expect((await currentUser(sessionCookie(signedIn))).json().id).toBe(user.id);
  });

  it('refuses a code used before, also in another sign-in', async () => {
    const code = await totpCode(secret, 1);
    expect((await sendCode(t.app, await passwordStep(t.app, user.email), code)).statusCode).toBe(200);
    const replayed = await sendCode(t.app, await passwordStep(t.app, user.email), code);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().code).toBe('error.pinInvalid');
    expect(replayed.cookies).toHaveLength(0);
  });

  it('takes a recovery code once, typed as shown or without dashes in capitals', async () => {
    const [first, second] = codes as [string, string];
    expect((await sendCode(t.app, await passwordStep(t.app, user.email), first)).statusCode).toBe(200);
    const usedAgain = await sendCode(t.app, await passwordStep(t.app, user.email), first);
    expect(usedAgain.statusCode).toBe(422);
    const typed = second.replaceAll('-', '').toUpperCase();
    expect((await sendCode(t.app, await passwordStep(t.app, user.email), typed)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row?.confirmedAt).not.toBeNull();
  });

  it('ends the attempt after five wrong codes', async () => {
    const loginToken = await passwordStep(t.app, user.email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await sendCode(t.app, loginToken, attempt % 2 ? '000000' : 'aaaa-bbbb-cccc-dddd');
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe(attempt < 5 ? 'error.pinInvalid' : 'error.pinAttemptsExhausted');
    }
    const rightTooLate = await sendCode(t.app, loginToken, codes[5] as string);
    expect(rightTooLate.statusCode).toBe(422);
    expect(rightTooLate.cookies).toHaveLength(0);
  });

  it('does not take another user’s recovery code', async () => {
    const other = await signedInTherapist();
    const { recoveryCodes: othersCodes } = await enrolTotp(t.app, other.cookie);
    const response = await sendCode(t.app, await passwordStep(t.app, user.email), othersCodes[0] as string);
    expect(response.statusCode).toBe(422);
  });
});

describe('switching the authenticator app off', () => {
  it('needs the password and a current code, mails the user and then signs in with the password alone', async () => {
    const signedIn = await signedInTherapist();
    const { secret, cookie } = await enrolTotp(t.app, signedIn.cookie);
    await smtp.waitForMail(signedIn.user.email, 10_000, (m) => m.subject.includes('eingeschaltet'));
    const disable = async (password: string, code: string) =>
      call(t.app, cookie, { method: 'DELETE', url: '/api/user/mfa/totp', payload: { password, code } });

    const wrongPassword = await disable('Falsch-Falsch-2026!', await totpCode(secret));
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().code).toBe('error.wrongPassword');
    const current = await totpCode(secret);
    const wrongCode = await disable(PASSWORD, current === '000000' ? '111111' : '000000');
    expect(wrongCode.statusCode).toBe(422);
    expect((await mfaStatus(cookie)).totp).toBe(true);

    expect((await disable(PASSWORD, current)).statusCode).toBe(204);
    expect(await mfaStatus(cookie)).toMatchObject({ totp: false, recoveryCodesLeft: 0, secondFactors: [] });
    const mail = await smtp.waitForMail(signedIn.user.email, 10_000, (m) => m.subject.includes('ausgeschaltet'));
    expect(mail.subject).toBe('Zwei-Faktor-Authentifizierung ausgeschaltet');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: signedIn.user.email, password: PASSWORD },
    });
    expect(signIn.json()).toEqual({ userId: signedIn.user.id });
    expect((await disable(PASSWORD, await totpCode(secret, 1))).statusCode).toBe(404);
  });
});
