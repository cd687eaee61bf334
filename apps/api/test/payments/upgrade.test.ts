import { Role } from '@praxia/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, payments, sandboxPayments } from '../../src/db/schema.js';
import {
  call,
  createPractice,
  createTestApp,
  createUser,
  notifyPaymentWebhook,
  signIn,
  type TestApp,
} from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function ownerInTrial(trialMs = 10 * DAY) {
  const practiceId = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() + trialMs) });
  const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
  return { practiceId, owner, cookie: await signIn(t.app, owner.email) };
}

async function practice(id: number) {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
  return row;
}

const startPayment = (cookie: string) => call(t.app, cookie, { method: 'POST', url: '/api/user/payment' });
const sandboxId = (checkoutUrl: string) => checkoutUrl.split('/payment/sandbox/')[1] ?? '';
const webhook = (id: string) => notifyPaymentWebhook(t.app, id);

describe('upgrade through the sandbox provider', () => {
  it('POST /api/user/payment answers the checkout URL of a new first payment', async () => {
    const { cookie, practiceId } = await ownerInTrial();
    const response = await startPayment(cookie);
    expect(response.statusCode).toBe(200);
    const { checkoutUrl } = response.json();
    expect(checkoutUrl).toMatch(/^http:\/\/praxia\.test\/payment\/sandbox\/sbx_tr_[0-9a-f]{32}$/);
    const checkout = await t.app.inject({ method: 'GET', url: `/api/payment/sandbox/${sandboxId(checkoutUrl)}` });
    expect(checkout.json()).toMatchObject({ status: 'open', amountCents: 3499 });
    const latest = await call(t.app, cookie, { method: 'GET', url: '/api/user/payment' });
    expect(latest.json()).toMatchObject({ status: 'open' });
    expect((await practice(practiceId))?.trialExpiresAt).not.toBeNull();
  });

  it('paid: the practice leaves the trial, becomes active and stores the subscription', async () => {
    const { cookie, practiceId } = await ownerInTrial();
    const id = sandboxId((await startPayment(cookie)).json().checkoutUrl);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/${id}`,
      payload: { outcome: 'paid' },
    });
    expect(paid.json()).toEqual({ redirectUrl: 'http://praxia.test/payment/thanks' });
    const row = await practice(practiceId);
    expect(row).toMatchObject({ trialExpiresAt: null, status: 'active' });
    expect(row?.subscriptionId).toMatch(/^sbx_sub_/);
    const current = await call(t.app, cookie, { method: 'GET', url: '/api/user/current' });
    expect(current.json().trialExpiresAt).toBeNull();
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user/payment' })).json().status).toBe('paid');
    // The checkout cannot be used again.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/${id}`,
      payload: { outcome: 'failed' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('the same webhook twice has one effect (one subscription)', async () => {
    const { cookie, practiceId } = await ownerInTrial();
    const id = sandboxId((await startPayment(cookie)).json().checkoutUrl);
    await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}`, payload: { outcome: 'paid' } });
    const first = (await practice(practiceId))?.subscriptionId;
    const repeats = await Promise.all([webhook(id), webhook(id), webhook(id)]);
    expect(repeats.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await practice(practiceId))?.subscriptionId).toBe(first);
    // Each subscription names its practice: a second one for this practice would show here.
    const subscriptions = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(
        and(eq(sandboxPayments.kind, 'subscription'), like(sandboxPayments.description, `%(Praxis ${practiceId})`)),
      );
    expect(subscriptions.map((s) => s.id)).toEqual([first]);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, id));
    expect(payment?.status).toBe('paid');
  });

  it.each(['failed', 'canceled'] as const)('%s: the practice stays in its trial', async (outcome) => {
    const { cookie, practiceId } = await ownerInTrial();
    const before = (await practice(practiceId))?.trialExpiresAt;
    const id = sandboxId((await startPayment(cookie)).json().checkoutUrl);
    await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}`, payload: { outcome } });
    expect(await practice(practiceId)).toMatchObject({ trialExpiresAt: before, subscriptionId: null });
    expect((await call(t.app, cookie, { method: 'GET', url: '/api/user/payment' })).json().status).toBe(outcome);
  });

  it('never trusts the webhook body: an open payment notified as paid stays open', async () => {
    const { cookie, practiceId } = await ownerInTrial();
    const id = sandboxId((await startPayment(cookie)).json().checkoutUrl);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      payload: { id, status: 'paid' },
    });
    expect(response.statusCode).toBe(200);
    expect((await practice(practiceId))?.trialExpiresAt).not.toBeNull();
  });

  it('acknowledges unknown payment ids without effect', async () => {
    expect((await webhook('tr_unknown')).statusCode).toBe(200);
  });

  it('deactivating the account cancels the subscription at the provider', async () => {
    const { cookie, practiceId } = await ownerInTrial();
    const id = sandboxId((await startPayment(cookie)).json().checkoutUrl);
    await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}`, payload: { outcome: 'paid' } });
    const subscriptionId = (await practice(practiceId))?.subscriptionId ?? '';
    const response = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/customer/${practiceId}/deactivate`,
      payload: { deactivated: true },
    });
    expect(response.json()).toEqual({ status: 'canceled' });
    const [subscription] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, subscriptionId));
    expect(subscription?.status).toBe('canceled');
  });

  it('deleting a practice cancels its subscription at the provider first', async () => {
    const practiceId = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() + DAY) });
    // An owner who is no therapist: a practice without therapists may be deleted.
    const owner = await createUser(t.database, { roles: Role.CUSTOMER_ADMIN, practiceId });
    const id = sandboxId((await startPayment(await signIn(t.app, owner.email))).json().checkoutUrl);
    await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}`, payload: { outcome: 'paid' } });
    const subscriptionId = (await practice(practiceId))?.subscriptionId ?? '';
    expect(subscriptionId).not.toBe('');
    const admin = await createUser(t.database, { roles: Role.ADMIN });
    const response = await call(t.app, await signIn(t.app, admin.email), {
      method: 'DELETE',
      url: `/api/customer/${practiceId}`,
    });
    expect(response.statusCode).toBeLessThan(300);
    const [subscription] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, subscriptionId));
    expect(subscription?.status).toBe('canceled');
    expect(await practice(practiceId)).toMatchObject({ subscriptionId: null, status: 'canceled' });
  });

  it('only practice owners may start a payment', async () => {
    const practiceId = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() + DAY) });
    const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
    expect((await startPayment(await signIn(t.app, therapist.email))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/payment' })).statusCode).toBe(401);
  });

  it('refuses a second upgrade of a paid practice', async () => {
    const { cookie } = await ownerInTrial();
    const id = sandboxId((await startPayment(cookie)).json().checkoutUrl);
    await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}`, payload: { outcome: 'paid' } });
    expect((await startPayment(cookie)).statusCode).toBe(409);
  });
});

describe('the expired-trial rule on the server', () => {
  it('just before the end the owner works normally; just after only the upgrade calls stay open', async () => {
    const running = await ownerInTrial(3_000);
    const customerUrl = `/api/customer/${running.practiceId}`;
    expect((await call(t.app, running.cookie, { method: 'GET', url: customerUrl })).statusCode).toBe(200);

    const expired = await ownerInTrial(-1_000);
    const refused = await call(t.app, expired.cookie, { method: 'GET', url: `/api/customer/${expired.practiceId}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: 'Trial expired', code: 'error.trialExpired' });
    const current = await call(t.app, expired.cookie, { method: 'GET', url: '/api/user/current' });
    expect(current.statusCode).toBe(200);
    expect(Date.parse(current.json().trialExpiresAt)).toBeLessThan(Date.now());
    expect((await startPayment(expired.cookie)).statusCode).toBe(200);
  });

  it('applies to owners only; a therapist of the same practice is not stopped', async () => {
    const expired = await ownerInTrial(-1_000);
    const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: expired.practiceId });
    const cookie = await signIn(t.app, therapist.email);
    expect((await call(t.app, cookie, { method: 'GET', url: `/api/customer/${expired.practiceId}` })).statusCode).toBe(
      200,
    );
  });

  it('an expired owner who pays is let back in', async () => {
    const expired = await ownerInTrial(-1_000);
    const id = sandboxId((await startPayment(expired.cookie)).json().checkoutUrl);
    await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${id}`, payload: { outcome: 'paid' } });
    const after = await call(t.app, expired.cookie, { method: 'GET', url: `/api/customer/${expired.practiceId}` });
    expect(after.statusCode).toBe(200);
  });
});
