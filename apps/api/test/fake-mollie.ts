import Fastify from 'fastify';
import { generate } from 'selfsigned';

type FakePayment = {
  id: string;
  status: string;
  customerId: string;
  amount: { value: string; currency: string };
  /** Set on a monthly charge of a subscription ('recurring'), as Mollie's payment resource has it. */
  subscriptionId?: string;
};

/**
 * A stand-in for Mollie's REST API on a local port, answering the calls the provider makes with
 * Mollie's JSON shapes, so the Mollie code path runs over real HTTP in tests.
 */
export async function startFakeMollie() {
  // The Mollie client speaks HTTPS only and pins its own CA bundle, so the stand-in serves a
  // self-signed certificate and the test process skips verification (loopback only).
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const app = Fastify({ https: { key: pems.private, cert: pems.cert } });
  const customers: string[] = [];
  const payments = new Map<string, FakePayment>();
  const subscriptions = new Map<string, { id: string; customerId: string; status: string; idempotencyKey?: string }>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}_${(++counter).toString().padStart(6, '0')}`;

  app.post('/v2/customers', async (_request, reply) => {
    const id = next('cst');
    customers.push(id);
    return reply.status(201).send({ resource: 'customer', id, mode: 'test' });
  });
  app.post('/v2/payments', async (request, reply) => {
    const body = request.body as { customerId: string; amount: FakePayment['amount']; sequenceType: string };
    if (body.sequenceType !== 'first')
      return reply.status(422).send({ status: 422, title: 'Unprocessable', detail: 'first expected' });
    const id = next('tr');
    const payment = { id, status: 'open', customerId: body.customerId, amount: body.amount };
    payments.set(id, payment);
    return reply.status(201).send(view(payment));
  });
  app.get('/v2/payments/:id', async (request, reply) => {
    const payment = payments.get((request.params as { id: string }).id);
    if (!payment) return reply.status(404).send({ status: 404, title: 'Not Found', detail: 'No payment exists' });
    return view(payment);
  });
  app.post('/v2/customers/:customerId/subscriptions', async (request, reply) => {
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const existing = [...subscriptions.values()].find((s) => idempotencyKey && s.idempotencyKey === idempotencyKey);
    const subscription = existing ?? {
      id: next('sub'),
      customerId: (request.params as { customerId: string }).customerId,
      status: 'active',
      idempotencyKey,
    };
    subscriptions.set(subscription.id, subscription);
    return reply.status(201).send({ resource: 'subscription', ...subscription, interval: '1 month' });
  });
  app.delete('/v2/customers/:customerId/subscriptions/:id', async (request) => {
    const subscription = subscriptions.get((request.params as { id: string }).id);
    if (subscription) subscription.status = 'canceled';
    return { resource: 'subscription', ...subscription };
  });

  function view(payment: FakePayment) {
    return {
      resource: 'payment',
      ...payment,
      sequenceType: payment.subscriptionId ? 'recurring' : 'first',
      _links: { checkout: { href: `https://checkout.fake-mollie.test/${payment.id}`, type: 'text/html' } },
    };
  }

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    apiEndpoint: `${address}/v2/`,
    customers,
    payments,
    subscriptions,
    /** What a person does on Mollie's checkout page. */
    setStatus: (id: string, status: string) => {
      const payment = payments.get(id);
      if (payment) payment.status = status;
    },
    /** Mollie's monthly charge of a subscription: a paid recurring payment naming it; answers its id. */
    chargeSubscription: (subscriptionId: string) => {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const id = next('tr');
      payments.set(id, {
        id,
        status: 'paid',
        customerId: subscription.customerId,
        amount: { value: '34.99', currency: 'EUR' },
        subscriptionId,
      });
      return id;
    },
    close: () => app.close(),
  };
}
