import { idParamsSchema, patientInvoiceListSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/actor.js';
import { getOwnInvoiceFile, getOwnInvoices } from './patient-invoices.service.js';

/** The signed-in patient's own invoices (their landing page): the list and each one's PDF. */
export function registerPatientInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  api.get('/patient/invoices', {
    config: { access: ['patientSelf', 'read'] },
    schema: { tags, response: { 200: patientInvoiceListSchema } },
    handler: async (request) => getOwnInvoices(ctx, requireActor(request)),
  });

  api.get('/patient/invoices/:id/file', {
    config: { access: ['patientSelf', 'read'] },
    schema: { tags, description: 'The stored PDF as an attachment.', params: idParamsSchema },
    handler: async (request, reply) => {
      const file = await getOwnInvoiceFile(ctx, requireActor(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', String(file.data.length))
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', file.filename))
        .send(file.data);
    },
  });
}
