import { widgetAnswerSchema, widgetQuerySchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { withUrgentDatabaseAccess } from '../../db/embedded-queue.js';
import { perIpInProcess } from '../../plugins/rate-limits.js';
import { getWidget } from './widget.service.js';

/** The booking widget's slots (issue 9, spec §2.1): public, for pages on practices' own websites. */
export function registerWidgetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A visitor pages through a few weeks and types; 120 a minute per network leaves room and stops scraping.
  api.get('/appointment/widget', {
    config: { access: 'public', rateLimit: perIpInProcess(ctx.rateLimits, 120, '1 minute') },
    schema: { tags: ['appointments'], querystring: widgetQuerySchema, response: { 200: widgetAnswerSchema } },
    // Urgent: a patient on a practice's website should not wait behind the practice's own busy calendar.
    handler: async (request) => withUrgentDatabaseAccess(() => getWidget(ctx, request.query)),
  });
}
