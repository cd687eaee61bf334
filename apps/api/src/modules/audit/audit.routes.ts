import { auditListSchema, auditQuerySchema, auditReportSchema, idParamsSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { getAuditPage, getPatientAuditReport } from './audit-report.service.js';

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  api.get('/audit', {
    config: { access: ['audit', 'read'] },
    schema: { tags, querystring: auditQuerySchema, response: { 200: auditListSchema } },
    handler: async (request) => getAuditPage(ctx, requireActor(request), request.query),
  });

  api.get('/audit/patient/:id/report', {
    // The practice owner or the patient themself; the service decides (anyone else: 404).
    config: { access: 'signedIn' },
    schema: { tags, params: idParamsSchema, response: { 200: auditReportSchema } },
    handler: async (request) => getPatientAuditReport(ctx, requireActor(request), request.params.id),
  });
}
