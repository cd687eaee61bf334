import { idField } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/actor.js';
import { findUserLanguage } from './export.language.js';
import { exportPatientData } from './export.service.js';

export function registerExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/user/download/:therapistId', {
    config: { access: ['patientExport', 'read'] },
    schema: {
      tags: ['export'],
      description:
        'The patient-data export of a therapist: a zip streamed as an attachment named like Patientendaten-24-11-26.zip.',
      params: z.object({ therapistId: idField }),
    },
    handler: async (request, reply) => {
      const actor = requireActor(request);
      const language = await findUserLanguage(ctx.db, actor.userId);
      const result = await exportPatientData(ctx, actor, request.params.therapistId, String(request.id), language);
      return reply
        .type('application/zip')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', result.filename))
        .send(result.stream);
    },
  });
}
