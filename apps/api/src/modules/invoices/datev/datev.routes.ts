import { datevExportQuerySchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { contentDisposition } from '../../../lib/content-disposition.js';
import { requireActor } from '../../../plugins/actor.js';
import { exportDatevBatch } from './datev-export.service.js';

/** The invoices as a DATEV booking batch for the practice's tax adviser. */
export function registerDatevRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/invoice/export/datev', {
    config: { access: ['invoice', 'read'] },
    schema: {
      tags: ['invoices'],
      description:
        'A DATEV booking batch (EXTF, Buchungsstapel, Windows-1252) of the invoices and cancellations issued in the period.',
      querystring: datevExportQuerySchema,
    },
    handler: async (request, reply) => {
      const { data, fileName } = await exportDatevBatch(ctx, requireActor(request), request.query);
      return reply
        .type('text/csv; charset=windows-1252')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .send(data);
    },
  });
}
