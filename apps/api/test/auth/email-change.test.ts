import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../src/db/schema.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { linkIn, type SmtpCapture } from '../smtp-capture.js';
import {
  call,
  createPractice,
  createTestApp,
  createTestAppWithMail,
  createUser,
  PASSWORD,
  signIn,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from '../test-app.js';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let smtp: SmtpCapture;
let practiceId: number;

beforeAll(async () => {
  t = await createTestAppWithMail();
  smtp = t.smtp;
  practiceId = await createPractice(t.database);
});
afterAll(() => t.close());

async function startChange() {
  const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
  const cookie = await signIn(t.app, user.email);
  const newEmail = uniqueEmail('neu');
  const response = await call(t.app, cookie, {
    method: 'PATCH',
    url: `/api/user/${user.id}`,
    payload: { email: newEmail },
  });
  expect(response.statusCode).toBe(200);
  // The old address stays until the new one is confirmed.
  expect(response.json().email).toBe(user.email);
  const token = linkIn(await smtp.waitForMail(newEmail), '/email/set/').split('/email/set/')[1] ?? '';
  return { user, cookie, newEmail, token };
}

const changeEmail = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/change-email', payload: { token, password } });

describe('e-mail change', () => {
  it('shows the new address for the token and changes it with the password', async () => {
    const { user, newEmail, token } = await startChange();
    const search = await t.app.inject({ method: 'POST', url: `/api/security-token/search?token=${token}` });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual({ list: [{ payload: { email: newEmail } }] });
    expect((await changeEmail(token, PASSWORD)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(newEmail);
    expect((await changeEmail(token, PASSWORD)).statusCode).toBe(404);
  });

  it('revokes the links still pending for the old address and tells the old address of the change', async () => {
    const { user, newEmail, token } = await startChange();
    // Pending when the change is confirmed: a reset link sent to the address in use until then.
    await t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { email: user.email } });
    const resetToken = linkIn(await smtp.waitForMail(user.email), '/password/set/').split('/password/set/')[1] ?? '';
    expect((await changeEmail(token, PASSWORD)).statusCode).toBe(204);

    const notice = await smtp.waitForMail(user.email);
    expect(notice.subject).toBe('Ihre E-Mail-Adresse bei Praxia wurde geändert');
    expect(notice.text).toContain('funktionieren nicht mehr');
    expect(notice.text).not.toContain(newEmail);
    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/password/${resetToken}`,
      payload: { password: 'Neues-Passwort-2026!', passwordConfirm: 'Neues-Passwort-2026!' },
    });
    expect(reset.statusCode).toBe(404);
    expect(reset.json().code).toBe('error.tokenInvalid');
  });

  it('answers 404 for a bad token, on search and on change', async () => {
    const search = await t.app.inject({ method: 'POST', url: '/api/security-token/search?token=bad' });
    expect(search.statusCode).toBe(404);
    expect((await changeEmail('bad', PASSWORD)).statusCode).toBe(404);
  });

  it('answers 403 for a wrong password and keeps the token usable', async () => {
    const { token } = await startChange();
    const wrongPassword = await changeEmail(token, 'Falsches-Passwort-1!');
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().code).toBe('error.wrongPassword');
    expect((await changeEmail(token, PASSWORD)).statusCode).toBe(204);
  });

  it('checks the password with its spaces, exactly as set', async () => {
    const { user, token } = await startChange();
    const spaced = ` ${PASSWORD} `;
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(spaced) })
      .where(eq(users.id, user.id));
    expect((await changeEmail(token, PASSWORD)).statusCode).toBe(403);
    expect((await changeEmail(token, spaced)).statusCode).toBe(204);
  });

  it('answers 422 error.emailAlreadyExists when the address was taken meanwhile', async () => {
    const { newEmail, token } = await startChange();
    await t.database.db.insert(users).values({ email: newEmail, firstName: 'A', lastName: 'B' });
    const response = await changeEmail(token, PASSWORD);
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ email: ['error.emailAlreadyExists'] });
  });

  it('answers alike whether the new address is taken; a taken address gets a notice, never a link', async () => {
    const other = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const answers = [];
    for (const target of [other.email, uniqueEmail('frei')]) {
      const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
      const cookie = await signIn(t.app, user.email);
      const response = await call(t.app, cookie, {
        method: 'PATCH',
        url: `/api/user/${user.id}`,
        payload: { email: target },
      });
      const { id: _id, email, customerUsers: _assignments, createdAt: _created, ...rest } = response.json();
      answers.push({ status: response.statusCode, keepsOldAddress: email === user.email, rest });
    }
    // Same status and same answer apart from the caller's own id, address, creation time and assignment ids.
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.status).toBe(200);
    const notice = await smtp.waitForMail(other.email);
    expect(notice.subject).toBe('Ihre E-Mail-Adresse wurde bei Praxia angegeben');
    expect(`${notice.text}${notice.html}`).not.toContain('/email/set/');
  });
});

describe('e-mail change limits (unscaled)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitScale: 1 });
  });
  afterAll(() => limited.close());

  const requestChange = async (user: TestUser, cookie: string, target: string) =>
    (await call(limited.app, cookie, { method: 'PATCH', url: `/api/user/${user.id}`, payload: { email: target } }))
      .statusCode;
  const mailsTo = async (address: string) =>
    (await limited.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address))).length;

  it('allows 5 requests an hour per user', async () => {
    const user = await createUser(limited.database, { roles: Role.THERAPIST });
    const cookie = await signIn(limited.app, user.email);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push(await requestChange(user, cookie, uniqueEmail('ziel')));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Other profile changes are not counted.
    const rename = await call(limited.app, cookie, {
      method: 'PATCH',
      url: `/api/user/${user.id}`,
      payload: { firstName: 'Ida' },
    });
    expect(rename.statusCode).toBe(200);
  });

  it('allows 3 requests an hour per target address, taken or not, whoever asks', async () => {
    const owner = await createUser(limited.database, { roles: Role.THERAPIST });
    for (const target of [uniqueEmail('frei'), owner.email]) {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const user = await createUser(limited.database, { roles: Role.THERAPIST });
        statuses.push(await requestChange(user, await signIn(limited.app, user.email), target));
      }
      expect(statuses, target).toEqual([200, 200, 200, 429]);
      expect(await mailsTo(target), target).toBe(3);
    }
  });
});
