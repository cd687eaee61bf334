import { Role } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.js';
import { createPatient } from '../patient-factory.js';
import type { SmtpCapture } from '../smtp-capture.js';
import {
  call,
  createPractice,
  createTestAppWithMail,
  createUser,
  PASSWORD,
  sessionCookie,
  signIn,
} from '../test-app.js';
import { enrolTotp, passwordStep, sendCode } from './totp-fixtures.js';

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let smtp: SmtpCapture;

beforeAll(async () => {
  t = await createTestAppWithMail();
  smtp = t.smtp;
});
afterAll(() => t.close());

/** A practice with its owner (a therapist) signed in with an authenticator app, and an assistant without one. */
async function practiceWithOwner() {
  const practiceId = await createPractice(t.database);
  const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
  const { cookie: ownerCookie } = await enrolTotp(t.app, await signIn(t.app, owner.email));
  const assistant = await createUser(t.database, { roles: Role.SECRETARY, practiceId });
  return { practiceId, owner, ownerCookie, assistant };
}

const setRequirement = (cookie: string, practiceId: number, requireTwoFactor: boolean) =>
  call(t.app, cookie, { method: 'PATCH', url: `/api/customer/${practiceId}`, payload: { requireTwoFactor } });
const readPractice = (cookie: string, practiceId: number) =>
  call(t.app, cookie, { method: 'GET', url: `/api/customer/${practiceId}` });

describe("a practice's requirement of a second factor", () => {
  it('is off by default and set by the owner only', async () => {
    const { practiceId, ownerCookie, assistant } = await practiceWithOwner();
    expect((await readPractice(ownerCookie, practiceId)).json().requireTwoFactor).toBe(false);
    const byAssistant = await setRequirement(await signIn(t.app, assistant.email), practiceId, true);
    expect(byAssistant.statusCode).toBe(403);
    expect((await readPractice(ownerCookie, practiceId)).json().requireTwoFactor).toBe(false);
    const byOwner = await setRequirement(ownerCookie, practiceId, true);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().requireTwoFactor).toBe(true);
  });

  it('blocks staff without a strong factor with 403 except enrolment, the current user and sign-out', async () => {
    const { practiceId, ownerCookie, assistant } = await practiceWithOwner();
    expect((await setRequirement(ownerCookie, practiceId, true)).statusCode).toBe(200);
    // The owner has an authenticator app: nothing changes for them.
    expect((await readPractice(ownerCookie, practiceId)).statusCode).toBe(200);

    const cookie = await signIn(t.app, assistant.email);
    const blocked = await readPractice(cookie, practiceId);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('error.twoFactorRequired');
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user' })).json().code).toBe(
      'error.twoFactorRequired',
    );
    const current = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(current.json().mustEnrolSecondFactor).toBe(true);
    const status = await call(t.app, cookie, { method: 'GET', url: '/api/user/mfa' });
    expect(status.json()).toMatchObject({ practiceRequiresTwoFactor: true, secondFactors: [] });

    // Enrolling renews the session, and the new one may do everything again.
    const { cookie: enrolled } = await enrolTotp(t.app, cookie);
    expect((await readPractice(enrolled, practiceId)).statusCode).toBe(200);
    const afterwards = await call(t.app, enrolled, { method: 'GET', url: '/api/user/current' });
    expect(afterwards.json().mustEnrolSecondFactor).toBe(false);

    const other = await createUser(t.database, { roles: Role.SECRETARY, practiceId });
    const otherCookie = await signIn(t.app, other.email);
    expect((await readPractice(otherCookie, practiceId)).statusCode).toBe(403);
    expect((await setRequirement(ownerCookie, practiceId, false)).statusCode).toBe(200);
    expect((await readPractice(otherCookie, practiceId)).statusCode).toBe(200);
    const logout = await call(t.app, otherCookie, { method: 'GET', url: '/api/user/logout' });
    expect(logout.statusCode).toBe(200);
  });

  it('is not met by the e-mail code', async () => {
    const { practiceId, ownerCookie } = await practiceWithOwner();
    await setRequirement(ownerCookie, practiceId, true);
    const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId, pinByEmail: true });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: therapist.email, password: PASSWORD },
    });
    expect(response.json().secondFactors).toEqual(['email']);
    const pin = (await smtp.waitForMail(therapist.email)).subject.match(/(\d{6})/)?.[1] ?? '';
    const signedIn = await sendCode(t.app, response.json().loginToken, pin);
    expect(signedIn.statusCode).toBe(200);
    const blocked = await readPractice(sessionCookie(signedIn), practiceId);
    expect(blocked.json().code).toBe('error.twoFactorRequired');
  });

  it("leaves the practice's patients and other practices' staff alone", async () => {
    const { practiceId, owner, ownerCookie } = await practiceWithOwner();
    await setRequirement(ownerCookie, practiceId, true);
    const patient = await createPatient(t, { practiceId, therapistId: owner.id, withAccount: true });
    const patientCookie = await signIn(t.app, patient.email);
    expect((await call(t.app, patientCookie, { method: 'GET', url: '/api/user/mfa' })).json()).toMatchObject({
      practiceRequiresTwoFactor: false,
    });
    const ownProfile = await call(t.app, patientCookie, { method: 'GET', url: '/api/patient/profile' });
    expect(ownProfile.statusCode).toBe(200);

    const elsewhere = await createPractice(t.database);
    const stranger = await createUser(t.database, { roles: Role.SECRETARY, practiceId: elsewhere });
    expect((await readPractice(await signIn(t.app, stranger.email), elsewhere)).statusCode).toBe(200);
  });
});

describe("the owner's reset of a member's second factors", () => {
  const reset = (cookie: string, userId: number) =>
    call(t.app, cookie, { method: 'DELETE', url: `/api/user/${userId}/mfa` });

  it('removes the authenticator app and recovery codes, is audited and mailed', async () => {
    const { practiceId, owner, ownerCookie } = await practiceWithOwner();
    const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const { secret } = await enrolTotp(t.app, await signIn(t.app, therapist.email));
    await smtp.waitForMail(therapist.email, 10_000, (m) => m.subject.includes('eingeschaltet'));

    expect((await reset(ownerCookie, therapist.id)).statusCode).toBe(204);
    const mail = await smtp.waitForMail(therapist.email, 10_000, (m) => m.subject.includes('zurückgesetzt'));
    expect(mail.subject).toBe('Ihre zweiten Faktoren wurden zurückgesetzt');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, owner.id), eq(auditLog.resource, 'secondFactors')));
    expect(rows).toEqual([
      expect.objectContaining({
        customerId: practiceId,
        action: 'delete',
        resourceId: String(therapist.id),
        outcome: 'success',
      }),
    ]);
    // The member signs in with the password alone, and no old code opens a second step any more.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/credentials',
      payload: { email: therapist.email, password: PASSWORD },
    });
    expect(signedIn.json()).toEqual({ userId: therapist.id });
    const status = await call(t.app, sessionCookie(signedIn), { method: 'GET', url: '/api/user/mfa' });
    expect(status.json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    // Enrolling again gives a new secret: the old app's codes are of no use.
    const restarted = await call(t.app, sessionCookie(signedIn), { method: 'POST', url: '/api/user/mfa/totp' });
    expect(restarted.json().secret).not.toBe(secret);
  });

  it('is refused to assistants and therapists, and answers 404 for another practice’s member or a missing id', async () => {
    const { practiceId, owner, ownerCookie, assistant } = await practiceWithOwner();
    const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    const { cookie: therapistCookie } = await enrolTotp(t.app, await signIn(t.app, therapist.email));
    expect((await reset(await signIn(t.app, assistant.email), therapist.id)).statusCode).toBe(403);
    expect((await reset(therapistCookie, owner.id)).statusCode).toBe(403);
    // Still set up: a sign-in asks for the code.
    expect(await passwordStep(t.app, therapist.email)).toEqual(expect.any(String));

    const elsewhere = await practiceWithOwner();
    const foreign = await reset(elsewhere.ownerCookie, therapist.id);
    const missing = await reset(elsewhere.ownerCookie, 999_999_999);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ ...missing.json(), requestId: foreign.json().requestId });
    expect((await reset(ownerCookie, owner.id)).statusCode).toBe(403);
  });
});
