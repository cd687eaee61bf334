import {
  idParamsSchema,
  invoiceCreatedSchema,
  invoiceCreateSchema,
  invoiceFileParamsSchema,
  invoiceFileQuerySchema,
  invoiceInlineFileQuerySchema,
  invoiceListItemSchema,
  invoiceListSchema,
  invoicePatchSchema,
  invoiceQuerySchema,
  monthlySummaryQuerySchema,
  monthlySummarySchema,
} from '@praxia/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/actor.js';
import { createInvoices } from './invoice-create.service.js';
import { getInvoiceFile, getInvoices, getMonthlySummary } from './invoice-read.service.js';
import { changeInvoiceState, deleteInvoice } from './invoice-state.service.js';

type StoredFile = Awaited<ReturnType<typeof getInvoiceFile>>;

const sendFile = (reply: FastifyReply, file: StoredFile, kind: 'attachment' | 'inline') =>
  reply
    .type(file.contentType)
    .header('content-length', String(file.data.length))
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition(kind, file.filename))
    .send(file.data);

/** Invoices (issue 11, contract): list, issue, state changes, deletion, stored files, the monthly evaluation. */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  api.get('/invoice', {
    config: { access: ['invoice', 'read'] },
    schema: { tags, querystring: invoiceQuerySchema, response: { 200: invoiceListSchema } },
    handler: async (request) => getInvoices(ctx, requireActor(request), request.query),
  });

  // Registered before /invoice/:id so the static segment wins (find-my-way prefers it anyway).
  api.get('/invoice/monthly-summary', {
    config: { access: ['invoice', 'read'] },
    schema: { tags, querystring: monthlySummaryQuerySchema, response: { 200: monthlySummarySchema } },
    handler: async (request) => getMonthlySummary(ctx, requireActor(request), request.query.therapistId),
  });

  api.post('/invoice', {
    config: { access: ['invoice', 'create'] },
    schema: { tags, body: invoiceCreateSchema, response: { 201: invoiceCreatedSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createInvoices(ctx, requireActor(request), request.body)),
  });

  api.patch('/invoice/:id', {
    config: { access: ['invoice', 'edit'] },
    schema: { tags, params: idParamsSchema, body: invoicePatchSchema, response: { 200: invoiceListItemSchema } },
    handler: async (request) => changeInvoiceState(ctx, requireActor(request), request.params.id, request.body.state),
  });

  api.delete('/invoice/:id', {
    config: { access: ['invoice', 'delete'] },
    schema: {
      tags,
      description:
        'Only a created, never sent invoice: it stays listed with state deleted and its number (§14 UStG), its appointments become billable again. 409 error.invoiceNotDeletable for a sent, paid or cancelled invoice and a cancellation (German detail).',
      params: idParamsSchema,
    },
    handler: async (request, reply) => {
      await deleteInvoice(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });

  api.get('/invoice/:id/file', {
    config: { access: ['invoice', 'read'] },
    schema: {
      tags,
      description:
        'The stored PDF (a PDF/A-3 with the Factur-X / ZUGFeRD XML embedded) or Word file as an attachment (Word not for therapist-DRS); type=xrechnung: the XRechnung 3.0 XML (CII) alone, only for a coaching invoice whose invoice address names a company (else 422 error.xrechnungNotBusiness; 422 error.xrechnungDataMissing naming missing data).',
      params: idParamsSchema,
      querystring: invoiceFileQuerySchema,
    },
    handler: async (request, reply) =>
      sendFile(
        reply,
        await getInvoiceFile(ctx, requireActor(request), request.params.id, request.query.type),
        'attachment',
      ),
  });

  api.get('/invoice/:id/file/:name', {
    config: { access: ['invoice', 'read'] },
    schema: {
      tags,
      description: 'The stored PDF inline (the list opens it in a new tab; the name only names the tab).',
      params: invoiceFileParamsSchema,
      querystring: invoiceInlineFileQuerySchema,
    },
    handler: async (request, reply) =>
      sendFile(reply, await getInvoiceFile(ctx, requireActor(request), request.params.id, 'pdf'), 'inline'),
  });
}
