import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema.js';
import { startFakeMollie } from '../fake-mollie.js';
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
let mollie: Awaited<ReturnType<typeof startFakeMollie>>;

beforeAll(async () => {
  mollie = await startFakeMollie();
  t = await createTestApp({ config: { mollieApiKey: 'test_praxia_key', mollieApiEndpoint: mollie.apiEndpoint } });
});
afterAll(async () => {
  await t.close();
  await mollie.close();
});

const webhook = (id: string) => notifyPaymentWebhook(t.app, id);

describe('upgrade through Mollie', () => {
  it('creates a first payment for a Mollie customer, completes on the paid webhook once, cancels on deactivation', async () => {
    const practiceId = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() + 86_400_000) });
    const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
    const cookie = await signIn(t.app, owner.email);

    const response = await call(t.app, cookie, { method: 'POST', url: '/api/user/payment' });
    expect(response.statusCode).toBe(200);
    expect(response.json().checkoutUrl).toMatch(/^https:\/\/checkout\.fake-mollie\.test\/tr_/);
    const [payment] = [...mollie.payments.values()];
    expect(payment?.amount).toEqual({ value: '34.99', currency: 'EUR' });
    expect(t.app.ctx.sandbox).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/sandbox/x' })).statusCode).toBe(404);

    // Mollie calls the webhook before the person finished: nothing happens.
    await webhook(payment?.id ?? '');
    let [row] = await t.database.db.select().from(customers).where(eq(customers.id, practiceId));
    expect(row?.trialExpiresAt).not.toBeNull();

    mollie.setStatus(payment?.id ?? '', 'paid');
    await Promise.all([webhook(payment?.id ?? ''), webhook(payment?.id ?? '')]);
    [row] = await t.database.db.select().from(customers).where(eq(customers.id, practiceId));
    expect(row).toMatchObject({ trialExpiresAt: null, status: 'active', paymentCustomerId: payment?.customerId });
    expect(mollie.subscriptions.size).toBe(1);
    expect(row?.subscriptionId).toBe([...mollie.subscriptions.keys()][0]);

    // Mollie charges the month and notifies the subscription's webhook: the charge is recorded and invoiced once.
    const charge = mollie.chargeSubscription(row?.subscriptionId ?? '');
    await Promise.all([webhook(charge), webhook(charge)]);
    const invoices = await call(t.app, cookie, { method: 'GET', url: '/api/customer/plan-invoices' });
    expect(invoices.json().list.map((invoice: { amount: number }) => invoice.amount)).toEqual([34.99, 34.99]);

    const deactivated = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/customer/${practiceId}/deactivate`,
      payload: { deactivated: true },
    });
    expect(deactivated.json()).toEqual({ status: 'canceled' });
    expect([...mollie.subscriptions.values()][0]?.status).toBe('canceled');
  });

  it('answers 502 when Mollie refuses the first payment', async () => {
    const practiceId = await createPractice(t.database, { trialExpiresAt: new Date(Date.now() + 86_400_000) });
    const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
    await mollie.close();
    try {
      const response = await call(t.app, await signIn(t.app, owner.email), {
        method: 'POST',
        url: '/api/user/payment',
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        detail: 'First payment could not be created',
        code: 'error.firstPaymentFailed',
      });
    } finally {
      mollie = await startFakeMollie();
    }
  });
});
