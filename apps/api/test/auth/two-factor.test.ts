import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginChallenges, mailOutbox } from '../../src/db/schema.js';
import type { SmtpCapture } from '../smtp-capture.js';
import { call, createPractice, createTestAppWithMail, createUser, PASSWORD, sessionCookie } from '../test-app.js';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let smtp: SmtpCapture;
let practiceId: number;

beforeAll(async () => {
  t = await createTestAppWithMail();
  smtp = t.smtp;
  practiceId = await createPractice(t.database);
});
afterAll(() => t.close());

/** Starts a login of a user with the e-mail code; returns the login token and the mailed code. */
async function startLogin(language: 'de' | 'en' = 'de') {
  const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId, pinByEmail: true, language });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login/credentials',
    payload: { email: user.email, password: PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toEqual({ additionalCheck: true, loginToken: expect.any(String), secondFactors: ['email'] });
  expect(response.cookies).toHaveLength(0); // no session before the code
  const mail = await smtp.waitForMail(user.email);
  const pin = mail.subject.match(/(\d{6})/)?.[1];
  if (!pin) throw new Error('no code in mail');
  expect(mail.text).toContain(pin);
  return { user, loginToken: body.loginToken as string, pin, mail };
}

const sendPin = (loginToken: string, pin: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login/pin', payload: { loginToken, pin } });

describe('two-factor sign-in by e-mail code', () => {
  it('mails a 6-digit code in the user language and signs in with it', async () => {
    const { user, loginToken, pin, mail } = await startLogin('en');
    expect(mail.subject).toMatch(/^Your Praxia access code/);
    const response = await sendPin(loginToken, pin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: user.id });
    const current = await call(t.app, sessionCookie(response), { method: 'GET', url: '/api/user/current' });
    expect(current.json().id).toBe(user.id);
  });

  it('mails German by default', async () => {
    const { mail } = await startLogin('de');
    expect(mail.subject).toMatch(/^Ihr Praxia-Zugangscode/);
  });

  it('accepts a code only once', async () => {
    const { loginToken, pin } = await startLogin();
    expect((await sendPin(loginToken, pin)).statusCode).toBe(200);
    const again = await sendPin(loginToken, pin);
    expect(again.statusCode).toBe(422);
    expect(again.json().validationMessages).toEqual({ pin: ['error.pinInvalid'] });
    expect(again.json().code).toBe('error.pinInvalid');
  });

  it('answers 422 for a wrong code, and ends the attempt after 5 wrong codes', async () => {
    const { loginToken, pin } = await startLogin();
    const wrong = pin === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await sendPin(loginToken, wrong);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe(attempt < 5 ? 'error.pinInvalid' : 'error.pinAttemptsExhausted');
    }
    const correctTooLate = await sendPin(loginToken, pin);
    expect(correctTooLate.statusCode).toBe(422);
    expect(correctTooLate.cookies).toHaveLength(0);
  });

  it('allows four wrong codes and then the right one', async () => {
    const { user, loginToken, pin } = await startLogin();
    const wrong = pin === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) expect((await sendPin(loginToken, wrong)).statusCode).toBe(422);
    const response = await sendPin(loginToken, pin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: user.id });
  });

  it('refuses an expired code (valid 10 minutes)', async () => {
    const { user, loginToken, pin } = await startLogin();
    const [challenge] = await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.id));
    expect(challenge && challenge.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(challenge && challenge.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    await t.database.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.userId, user.id));
    expect((await sendPin(loginToken, pin)).statusCode).toBe(422);
  });

  it('binds the code to its login token', async () => {
    const first = await startLogin();
    const second = await startLogin();
    expect((await sendPin(second.loginToken, first.pin === second.pin ? '999999' : first.pin)).statusCode).toBe(422);
    expect((await sendPin('unknown-token', first.pin)).statusCode).toBe(422);
  });

  it('validates the code format', async () => {
    const response = await sendPin('whatever', '12ab');
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ pin: ['error.pinInvalid'] });
  });
});

describe('the mail outbox after delivery', () => {
  it('keeps no code or link of a delivered mail, and offers no development outbox when SMTP is set', async () => {
    const { user } = await startLogin();
    // The outbox row is marked right after the SMTP server accepted the mail; wait for that moment.
    let rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    for (let tries = 0; rows[0]?.state !== 'sent' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'sent', subject: '', textBody: '', htmlBody: '' });
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
  });
});
