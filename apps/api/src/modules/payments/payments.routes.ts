import {
  idParamsSchema,
  latestPaymentSchema,
  paymentResultSchema,
  plainText,
  planInvoiceListSchema,
  sandboxCheckoutSchema,
  sandboxOutcomeSchema,
  sandboxRedirectSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { perIp } from '../../plugins/rate-limits.js';
import { getLatestUpgradePayment, handlePaymentWebhook, startUpgrade } from './payments.service.js';
import { getPlanInvoiceFile, getPlanInvoices } from './plan-invoices.service.js';

const webhookBody = z.object({ id: plainText().trim().min(1).max(100) });
const sandboxParams = z.object({ id: plainText().trim().min(1).max(100) });

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.rateLimits;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  api.post('/user/payment', {
    config: { access: ['customerUpgrade', 'read'], allowWithExpiredTrial: true },
    schema: { tags, response: { 200: paymentResultSchema } },
    handler: async (request) => {
      return { checkoutUrl: await startUpgrade(ctx, requireActor(request)) };
    },
  });

  api.get('/user/payment', {
    config: { access: ['customerUpgrade', 'read'], allowWithExpiredTrial: true },
    schema: { tags, response: { 200: latestPaymentSchema } },
    handler: async (request) => {
      return getLatestUpgradePayment(ctx, requireActor(request));
    },
  });

  // The practice's own invoices for its plan, so it can deduct them; on the upgrade page, for the owner.
  api.get('/customer/plan-invoices', {
    config: { access: ['customerUpgrade', 'read'], allowWithExpiredTrial: true },
    schema: { tags, response: { 200: planInvoiceListSchema } },
    handler: async (request) => getPlanInvoices(ctx, requireActor(request)),
  });

  api.get('/customer/plan-invoices/:id/file', {
    config: { access: ['customerUpgrade', 'read'], allowWithExpiredTrial: true },
    schema: { tags, params: idParamsSchema, description: 'The plan invoice as a PDF attachment.' },
    handler: async (request, reply) => {
      const file = await getPlanInvoiceFile(ctx, requireActor(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .send(file.data);
    },
  });

  // Providers post `id=…` as a form; the body is only a hint, the status is fetched from the provider.
  app.register(async (webhook) => {
    webhook.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    webhook.withTypeProvider<ZodTypeProvider>().post('/payment/webhook', {
      // The provider's server calls it; it only triggers fetching the status from the provider.
      config: { access: 'public', isServerToServer: true, rateLimit: perIp(limits, 120, '1 minute') },
      schema: { tags, body: webhookBody },
      handler: async (request, reply) => {
        await handlePaymentWebhook(ctx, request.body.id);
        return reply.status(200).send();
      },
    });
  });

  const sandbox = ctx.sandbox;
  if (!sandbox) return;

  api.get('/payment/sandbox/:id', {
    config: { access: 'public', rateLimit: perIp(limits, 60, '1 minute') },
    schema: {
      tags,
      params: sandboxParams,
      response: { 200: sandboxCheckoutSchema },
    },
    handler: async (request) => {
      const checkout = await sandbox.findCheckout(request.params.id);
      if (!checkout) throw notFound('Payment not found');
      return checkout;
    },
  });

  api.post('/payment/sandbox/:id', {
    config: { access: 'public', rateLimit: perIp(limits, 30, '1 minute') },
    schema: {
      tags,
      params: sandboxParams,
      body: sandboxOutcomeSchema,
      response: { 200: sandboxRedirectSchema },
    },
    handler: async (request) => {
      const checkout = await sandbox.findCheckout(request.params.id);
      if (checkout?.status !== 'open') throw notFound('Payment not found');
      const completed = await sandbox.completeCheckout(request.params.id, request.body.outcome);
      if (!completed) throw notFound('Payment not found');
      // Like Mollie, the sandbox notifies the webhook path with the payment id only.
      const notified = await app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${encodeURIComponent(request.params.id)}`,
      });
      if (notified.statusCode !== 200) request.log.error({ status: notified.statusCode }, 'sandbox webhook failed');
      return completed;
    },
  });

  // The sandbox's stand-in for the provider's monthly charge of a subscription: paid at once, then notified.
  api.post('/payment/sandbox/subscription/:id/charge', {
    config: { access: 'public', rateLimit: perIp(limits, 30, '1 minute') },
    schema: { tags, params: sandboxParams },
    handler: async (request, reply) => {
      const paymentId = await sandbox.chargeSubscription(request.params.id);
      if (!paymentId) throw notFound('Subscription not found');
      const notified = await app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `id=${encodeURIComponent(paymentId)}`,
      });
      if (notified.statusCode !== 200) request.log.error({ status: notified.statusCode }, 'sandbox webhook failed');
      return reply.status(204).send();
    },
  });
}
