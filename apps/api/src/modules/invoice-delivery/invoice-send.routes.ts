import {
  invoiceIdParamsSchema,
  invoiceListItemSchema,
  overdueNoticeIdParamsSchema,
  overdueNoticeSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { sendInvoice, sendOverdueNotice } from './invoice-send.service.js';

const SEND_ERRORS =
  '403 for therapist-DRS and (code error.invoiceSendTrial) a trial practice; 409 when the availability is not mobile, no digital or limit exceeded; 400 "Adresse fehlt." naming the missing fields.';

/** Sending by e-mail (spec §5 'Sending invoices'): the patient gets a link to a download behind an SMS code. */
export function registerInvoiceSendRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  api.post('/invoice/:id/send', {
    config: { access: ['invoiceSend', 'create'] },
    schema: {
      tags,
      description: SEND_ERRORS,
      params: invoiceIdParamsSchema,
      response: { 200: invoiceListItemSchema },
    },
    handler: async (request) => sendInvoice(ctx, requireActor(request), request.params.id),
  });

  api.post('/invoice/overdue-notice/:id/send', {
    config: { access: ['invoiceSend', 'create'] },
    schema: {
      tags,
      description: SEND_ERRORS,
      params: overdueNoticeIdParamsSchema,
      response: { 200: overdueNoticeSchema },
    },
    handler: async (request) => sendOverdueNotice(ctx, requireActor(request), request.params.id),
  });
}
