import { idField } from '@praxia/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/actor.js';
import { findUserLanguage } from './export.language.js';
import { type ExportSubject, exportPatientData } from './export.service.js';

export function registerExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function sendExport(request: FastifyRequest, reply: FastifyReply, subject: ExportSubject) {
    const actor = requireActor(request);
    const language = await findUserLanguage(ctx.db, actor.userId);
    const result = await exportPatientData(ctx, actor, subject, String(request.id), language);
    return reply
      .type('application/zip')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('attachment', result.filename))
      .send(result.stream);
  }

  api.get('/user/download/:therapistId', {
    config: { access: ['patientExport', 'read'] },
    schema: {
      tags: ['export'],
      description: [
        'The patient-data export of all patients of a therapist:',
        'a zip streamed as an attachment named like Patientendaten-24-11-26.zip.',
      ].join(' '),
      params: z.object({ therapistId: idField }),
    },
    handler: (request, reply) => sendExport(request, reply, { therapistId: request.params.therapistId }),
  });

  api.get('/user/patient/:id/download', {
    config: { access: ['patientExport', 'read'] },
    schema: {
      tags: ['export'],
      description: [
        'The patient-data export of one patient (a request under Art. 15/20 DSGVO): the same zip limited to them.',
        "Whoever may export their therapist's patients may export them; anyone else gets 404.",
      ].join(' '),
      params: z.object({ id: idField }),
    },
    handler: (request, reply) => sendExport(request, reply, { patientId: request.params.id }),
  });
}
