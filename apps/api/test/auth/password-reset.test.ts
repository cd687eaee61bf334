import { Role } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type SmtpCapture } from '../smtp-capture.js';
import { call, createPractice, createTestAppWithMail, createUser, signIn } from '../test-app.js';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let smtp: SmtpCapture;
let practiceId: number;
const NEW_PASSWORD = 'Neues-Passwort-7!';

beforeAll(async () => {
  t = await createTestAppWithMail();
  smtp = t.smtp;
  practiceId = await createPractice(t.database);
});
afterAll(() => t.close());

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { email } });
const setPassword = (token: string, password: string, passwordConfirm = password) =>
  t.app.inject({ method: 'PATCH', url: `/api/user/password/${token}`, payload: { password, passwordConfirm } });

async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(204);
  const link = linkIn(await smtp.waitForMail(email), '/password/set/');
  expect(link.startsWith('http://praxia.test/password/set/')).toBe(true);
  return link.split('/password/set/')[1] ?? '';
}

describe('password reset', () => {
  it('answers 204 alike for known and unknown addresses, and mails only the known one', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-at-all@test.example.org');
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    await smtp.waitForMail(user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.some((mail) => mail.to.includes('nobody-at-all@test.example.org'))).toBe(false);
  });

  it('answers 422 for an invalid e-mail', async () => {
    const response = await requestReset('kein-email');
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ email: ['error.invalidEmail'] });
  });

  it('sets the password with the link, ends open sessions, and the link works once', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const oldSession = await signIn(t.app, user.email);
    const token = await resetToken(user.email);
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
    const ended = await call(t.app, oldSession, { method: 'GET', url: '/api/user/current' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'error.sessionPasswordChanged' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: user.email, password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const reuse = await setPassword(token, 'Noch-Ein-Passwort-8!');
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toMatchObject({
      type: 'Entity Missing',
      detail: 'No valid token found',
      code: 'error.tokenInvalid',
    });
  });

  it('keeps the spaces around a new password: it signs in with them and not without them', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const spaced = `  ${NEW_PASSWORD} `;
    expect((await setPassword(await resetToken(user.email), spaced)).statusCode).toBe(204);
    const signInWith = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/login/credentials', payload: { email: user.email, password } });
    expect((await signInWith(spaced)).statusCode).toBe(200);
    expect((await signInWith(NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('only the newest link works', async () => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect((await setPassword(first, NEW_PASSWORD)).statusCode).toBe(404);
    expect((await setPassword(second, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('answers 404 Entity Missing for an unknown token', async () => {
    const response = await setPassword('this-token-does-not-exist', NEW_PASSWORD);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(
      expect.objectContaining({ type: 'Entity Missing', status: 404, detail: 'No valid token found' }),
    );
  });

  it.each([
    ['shorter than 8 characters', 'Ab1!xyz', 'password', 'error.minLength'],
    ['without a digit', 'Abcdefgh!', 'password', 'error.passwordRules'],
    ['without a letter', '12345678!', 'password', 'error.passwordRules'],
    ['without a special character', 'Abcdefgh1', 'password', 'error.passwordRules'],
    ['longer than 128 characters', `Aa1!${'x'.repeat(130)}`, 'password', 'error.passwordRules'],
  ])('refuses a password %s with 422', async (_name, password, field, key) => {
    const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const token = await resetToken(user.email);
    const response = await setPassword(token, password);
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages[field]).toContain(key);
    // The refused attempt did not use up the link.
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(204);
  });

  it('refuses a confirmation that differs', async () => {
    const response = await setPassword('any-token', NEW_PASSWORD, 'Anderes-Passwort-1!');
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ passwordConfirm: ['error.passwordsDontMatch'] });
  });
});
