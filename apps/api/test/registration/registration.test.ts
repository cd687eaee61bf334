import { getTrialRemaining, Role, TRIAL_DAYS } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customers, userCustomers, users } from '../../src/db/schema.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { linkIn, type SmtpCapture } from '../smtp-capture.js';
import { createTestApp, createTestAppWithMail, createUser, uniqueEmail } from '../test-app.js';

// Hashing watched, not replaced: the registration of a taken address must do the same costly work as a new one.
// (Timing it instead failed under load: the request's other work takes about as long as one hash.)
vi.mock('../../src/lib/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/lib/passwords.js')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let t: Awaited<ReturnType<typeof createTestAppWithMail>>;
let smtp: SmtpCapture;

beforeAll(async () => {
  t = await createTestAppWithMail();
  smtp = t.smtp;
});
afterAll(() => t.close());

const PASSWORD = 'Praxis-Start-2026!';
const validRegistration = () => ({
  salutation: 'Frau',
  title: 'Dr.',
  firstName: 'Hanna',
  lastName: 'Vogel',
  email: uniqueEmail('hanna'),
  phone: '030 1234567',
  jobTitleType: 'psychologicalPsychotherapist',
  taxNumber: '',
  showTaxNumber: true,
  terms: true,
  name: 'Praxis Vogel',
  street: 'Lindenallee 3',
  postalCode: '10115',
  city: 'Berlin',
  password: PASSWORD,
  passwordConfirm: PASSWORD,
});

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/customer/therapist', payload });
const userIdOf = async (email: string) => {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id ?? -1;
};
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login/credentials', payload: { email, password: PASSWORD } });

describe('POST /api/customer/therapist (registration)', () => {
  it('creates the therapist, the practice with a 14-day trial, and mails the confirmation link', async () => {
    const input = validRegistration();
    const response = await register(input);
    expect(response.statusCode).toBe(204);
    const id = await userIdOf(input.email);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ email: input.email, roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, isConfirmed: false });
    const [link] = await t.database.db.select().from(userCustomers).where(eq(userCustomers.userId, id));
    const [practice] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, link?.customerId ?? -1));
    expect(practice).toMatchObject({ name: 'Praxis Vogel', street: 'Lindenallee 3', city: 'Berlin', status: 'active' });
    // '030 1234567' as typed, stored normalised for practice and therapist alike.
    expect(practice?.phone).toBe('+49301234567');
    expect(user?.phone).toBe('+49301234567');
    // Without a tax number there is nothing to show on invoices.
    expect(practice?.showTaxNumber).toBe(false);
    // 14 calendar days in German time: 'noch 14 Tage' right after registering.
    expect(getTrialRemaining(practice?.trialExpiresAt?.toISOString() ?? '')).toEqual({
      unit: 'days',
      count: TRIAL_DAYS,
    });

    const mail = await smtp.waitForMail(input.email);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Registrierung bei Praxia');
    const token = linkIn(mail, '/registration/confirm/').split('/registration/confirm/')[1];

    const early = await login(input.email);
    expect(early.statusCode).toBe(422);
    expect(early.json().validationMessages).toEqual({ credentials: ['error.notConfirmed'] });

    const confirm = await t.app.inject({ method: 'GET', url: `/api/user/confirm-registration/${token}` });
    expect(confirm.statusCode).toBe(204);
    expect((await login(input.email)).json()).toEqual({ userId: id });
    const again = await t.app.inject({ method: 'GET', url: `/api/user/confirm-registration/${token}` });
    expect(again.statusCode).toBe(404);
  });

  it('keeps the spaces around the registered password: sign-in needs them exactly', async () => {
    const spaced = ` ${PASSWORD}  `;
    const input = { ...validRegistration(), password: spaced, passwordConfirm: spaced };
    expect((await register(input)).statusCode).toBe(204);
    const token = linkIn(await smtp.waitForMail(input.email), '/registration/confirm/').split(
      '/registration/confirm/',
    )[1];
    expect((await t.app.inject({ method: 'GET', url: `/api/user/confirm-registration/${token}` })).statusCode).toBe(
      204,
    );
    const signInWith = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/login/credentials', payload: { email: input.email, password } });
    expect((await signInWith(spaced)).json()).toHaveProperty('userId');
    expect((await signInWith(PASSWORD)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown confirmation token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/confirm-registration/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().type).toBe('Entity Missing');
  });

  it('answers a taken e-mail, in any letter case, exactly like a registration, creates nothing and tells its owner', async () => {
    const owner = await createUser(t.database, { roles: Role.THERAPIST });
    const fresh = await register(validRegistration());
    // A practice name of its own: other test files create practices in the same database at the same time.
    const refusedName = `Praxis ${uniqueEmail('refused')}`;
    const taken = await register({ ...validRegistration(), name: refusedName, email: owner.email.toUpperCase() });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(await t.database.db.select().from(customers).where(eq(customers.name, refusedName))).toHaveLength(0);
    // The owner learns that someone entered the address; the caller learns nothing.
    const notice = await smtp.waitForMail(owner.email);
    expect(notice.subject).toBe('Ihre E-Mail-Adresse wurde bei Praxia angegeben');
    expect(notice.text).toContain('Erika');
    expect(notice.text).not.toContain('/registration/confirm/');
  });

  it('hashes the password for a taken e-mail as for a free one, so both answers take about as long', async () => {
    const owner = await createUser(t.database, { roles: Role.THERAPIST });
    const hashing = vi.mocked(hashPassword);
    for (const email of [owner.email, uniqueEmail('frei')]) {
      const password = `Eigenes-Passwort-${email}`;
      hashing.mockClear();
      const answer = await register({ ...validRegistration(), email, password, passwordConfirm: password });
      expect(answer.statusCode).toBe(204);
      expect(hashing.mock.calls).toEqual([[password]]);
      await expect(hashing.mock.results[0]?.value).resolves.toMatch(/^\$argon2id\$/);
    }
  });

  it("writes nothing to a deleted account's owner and still answers like a registration", async () => {
    const owner = await createUser(t.database, { roles: Role.THERAPIST });
    await t.database.db.update(users).set({ deleted: true }).where(eq(users.id, owner.id));
    expect((await register({ ...validRegistration(), email: owner.email })).statusCode).toBe(204);
    const later = uniqueEmail('marker');
    expect((await register({ ...validRegistration(), email: later })).statusCode).toBe(204);
    await smtp.waitForMail(later);
    expect(smtp.mails.filter((mail) => mail.to.includes(owner.email.toLowerCase()))).toEqual([]);
  });

  it('keeps the tax number and its show option together', async () => {
    const input = { ...validRegistration(), taxNumber: '12/345/67890', showTaxNumber: true };
    expect((await register(input)).statusCode).toBe(204);
    const [link] = await t.database.db
      .select()
      .from(userCustomers)
      .where(eq(userCustomers.userId, await userIdOf(input.email)));
    const [practice] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, link?.customerId ?? -1));
    expect(practice).toMatchObject({ taxNumber: '12/345/67890', showTaxNumber: true });
  });

  it.each([
    ['firstName', { firstName: '  ' }, 'error.required'],
    ['lastName', { lastName: undefined }, 'error.required'],
    ['email', { email: 'no-at-sign' }, 'error.invalidEmail'],
    ['phone', { phone: '' }, 'error.required'],
    ['phone', { phone: '030 123 abc' }, 'error.phone'],
    ['phone', { phone: '49+30123' }, 'error.phone'],
    ['jobTitleType', { jobTitleType: undefined }, 'error.mustSelect'],
    ['jobTitleFreetext', { jobTitleType: 'other', jobTitleFreetext: '' }, 'error.required'],
    ['name', { name: '' }, 'error.required'],
    ['street', { street: '' }, 'error.required'],
    ['street', { street: 'x'.repeat(81) }, 'error.max80Signs'],
    ['postalCode', { postalCode: '' }, 'error.required'],
    ['postalCode', { postalCode: '1011' }, 'error.postalCode'],
    ['city', { city: '' }, 'error.required'],
    ['terms', { terms: false }, 'error.termsRequired'],
    ['password', { password: 'kurz', passwordConfirm: 'kurz' }, 'error.minLength'],
    ['password', { password: 'langgenug', passwordConfirm: 'langgenug' }, 'error.passwordRules'],
    ['passwordConfirm', { passwordConfirm: 'Anders-2026!' }, 'error.passwordsDontMatch'],
  ])('answers 422 with validationMessages.%s', async (field, change, key) => {
    const response = await register({ ...validRegistration(), ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages[field]).toEqual([key]);
  });

  it('accepts a street of exactly 80 characters and a free-text job title for "other"', async () => {
    const response = await register({
      ...validRegistration(),
      street: 'x'.repeat(80),
      jobTitleType: 'other',
      jobTitleFreetext: 'Kunsttherapeutin',
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('registration limits (unscaled)', () => {
  it('a taken address answers like a free one, and attempts on one address are limited whichever network they come from', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const taken = await createUser(limited.database, { roles: Role.THERAPIST });
      const answers = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/customer/therapist',
          remoteAddress: `198.51.100.${attempt + 1}`,
          payload: { ...validRegistration(), email: taken.email },
        });
        answers.push({ status: response.statusCode, code: response.body ? response.json().code : undefined });
      }
      expect(answers.slice(0, 5)).toEqual(Array(5).fill({ status: 204, code: undefined }));
      expect(answers[5]).toEqual({ status: 429, code: 'error.tooManyRequests' });
      // And per network: a sixth registration from one address within 10 minutes waits, whatever the e-mail.
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/customer/therapist',
          remoteAddress: '192.0.2.200',
          payload: { ...validRegistration(), email: taken.email.replace('@', `+${attempt}@`) },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(5)).toEqual([429]);
    } finally {
      await limited.close();
    }
  });
});
