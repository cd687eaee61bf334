import {
  overdueNoticeCreateSchema,
  overdueNoticeDownloadParamsSchema,
  overdueNoticeDownloadQuerySchema,
  overdueNoticeIdParamsSchema,
  overdueNoticePageSchema,
  overdueNoticePatchSchema,
  overdueNoticeSchema,
  overdueNoticeSearchSchema,
} from '@praxia/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/actor.js';
import {
  createOverdueNotice,
  deleteNotice,
  markNoticeSent,
  readNoticePdf,
  searchOverdueNotices,
} from './overdue-notice.service.js';

/** A stored PDF, inline (a new tab) or as an attachment; never cached, never sniffed. */
export function sendPdf(reply: FastifyReply, pdf: { data: Buffer; fileName: string }, kind: 'inline' | 'attachment') {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition(kind, pdf.fileName))
    .send(pdf.data);
}

/** The dunning dialog's calls (spec §2.8, §7; contract: overdue notices). */
export function registerOverdueNoticeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  api.post('/invoice/overdue-notice/search', {
    config: { access: ['invoice', 'read'] },
    schema: { tags, body: overdueNoticeSearchSchema, response: { 200: overdueNoticePageSchema } },
    handler: async (request) => searchOverdueNotices(ctx, requireActor(request), request.body),
  });

  api.post('/invoice/overdue-notice', {
    config: { access: ['invoice', 'create'] },
    schema: {
      tags,
      description:
        'A payment reminder (the next level) or the final notice (once). 409 for an invoice not in state created or a second final notice, for a reminder before the day after the invoice\'s due date (error.overdueReminderTooEarly), and for a final notice without a sent reminder whose own due date passed (error.overdueNoticeTooEarly); 403 for therapist-DRS; 400 "Adresse fehlt." with validationMessages naming the missing street, postalCode, city.',
      body: overdueNoticeCreateSchema,
      response: { 201: overdueNoticeSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createOverdueNotice(ctx, requireActor(request), request.body)),
  });

  api.patch('/invoice/overdue-notice/:id', {
    config: { access: ['invoice', 'edit'] },
    schema: { tags, params: overdueNoticeIdParamsSchema, body: overdueNoticePatchSchema },
    handler: async (request, reply) => {
      await markNoticeSent(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });

  api.delete('/invoice/overdue-notice/:id', {
    config: { access: ['invoice', 'edit'] },
    schema: { tags, params: overdueNoticeIdParamsSchema },
    handler: async (request, reply) => {
      await deleteNotice(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });

  api.get('/invoice/overdue-notice/:id/download/:fileName', {
    config: { access: ['invoice', 'read'] },
    schema: {
      tags,
      description: 'The stored PDF inline; `?action=download` as an attachment. `fileName` only names the browser tab.',
      params: overdueNoticeDownloadParamsSchema,
      querystring: overdueNoticeDownloadQuerySchema,
    },
    handler: async (request, reply) => {
      const pdf = await readNoticePdf(ctx, requireActor(request), request.params.id);
      return sendPdf(reply, pdf, request.query.action === 'download' ? 'attachment' : 'inline');
    },
  });
}
