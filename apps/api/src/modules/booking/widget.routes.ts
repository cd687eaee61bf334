import { type WidgetAnswer, widgetAnswerSchema, widgetQuerySchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { withUrgentDatabaseAccess } from '../../db/embedded-queue.js';
import { perIpInProcess } from '../../plugins/rate-limits.js';
import { widgetAnswerJson } from './widget.service.js';

/** The booking widget's slots (issue 9, spec §2.1): public, for pages on practices' own websites. */
export function registerWidgetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A visitor pages through a few weeks and types; 120 a minute per network leaves room and stops scraping.
  api.get('/appointment/widget', {
    config: { access: 'public', rateLimit: perIpInProcess(ctx.rateLimits, 120, '1 minute') },
    schema: { tags: ['appointments'], querystring: widgetQuerySchema, response: { 200: widgetAnswerSchema } },
    // Urgent: a patient on a practice's website should not wait behind the practice's own busy calendar.
    // The answer is JSON text already, written through the response schema (widget.service.ts); Fastify sends a
    // string with a JSON content type as it is, so the cast only tells the type provider what the text holds.
    handler: async (request, reply) => {
      const json = await withUrgentDatabaseAccess(() => widgetAnswerJson(ctx, request.query));
      return reply.type('application/json; charset=utf-8').send(json as unknown as WidgetAnswer);
    },
  });
}
