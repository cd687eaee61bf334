import { invoiceDeliveryCodeSchema, invoiceDeliveryInfoSchema, invoiceDeliveryTokenParamsSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { perIp, perLinkToken } from '../../plugins/rate-limits.js';
import { downloadDelivery, getDeliveryInfo, requestDeliveryCode } from './invoice-delivery.service.js';
import { sendPdf } from './overdue-notice.routes.js';

/**
 * The patient's download page's calls (no session): the link from the e-mail, a code by SMS, the PDF for the code.
 * Rate limited per network like the other public calls, and per link across networks; the code itself allows 5 tries,
 * the link INVOICE_LINK_MAX_CODES codes and INVOICE_LINK_MAX_WRONG_TRIES wrong tries in its whole life.
 */
export function registerInvoiceDeliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  api.get('/invoice-delivery/:token', {
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 20, '1 minute') },
    schema: {
      tags,
      params: invoiceDeliveryTokenParamsSchema,
      response: { 200: invoiceDeliveryInfoSchema },
    },
    handler: async (request) => getDeliveryInfo(ctx, request.params.token),
  });

  api.post('/invoice-delivery/:token/code', {
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 5, '1 minute') },
    preHandler: perLinkToken(app, ctx.rateLimits, 3, '15 minutes'),
    schema: {
      tags,
      description:
        'Sends a new 6-digit code by SMS (valid 10 minutes; one a minute and 3 in 15 minutes per link, 10 in the link’s life, then the link is locked: 410 error.invoiceLinkLocked). 503 without an SMS provider.',
      params: invoiceDeliveryTokenParamsSchema,
    },
    handler: async (request, reply) => {
      await requestDeliveryCode(ctx, ctx.sms, request.params.token);
      return reply.status(204).send();
    },
  });

  api.post('/invoice-delivery/:token/download', {
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 10, '1 minute') },
    preHandler: perLinkToken(app, ctx.rateLimits, 10, '15 minutes'),
    schema: {
      tags,
      description:
        'The PDF as an attachment for the right code; a wrong one answers 422 with params.triesLeft, a used-up or expired one 410; the 20th wrong try of the link’s life locks it (410 error.invoiceLinkLocked). 10 tries in 15 minutes per link.',
      params: invoiceDeliveryTokenParamsSchema,
      body: invoiceDeliveryCodeSchema,
    },
    handler: async (request, reply) =>
      sendPdf(reply, await downloadDelivery(ctx, request.params.token, request.body.code), 'attachment'),
  });
}
