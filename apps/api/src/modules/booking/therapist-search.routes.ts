import { therapistSearchQuerySchema, therapistSearchSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { perIpInProcess } from '../../plugins/rate-limits.js';
import { searchByPostalCode } from './therapist-search.service.js';

/** The public therapist search (spec appointments §7, issue 9): no session, rate limited per network. */
export function registerTherapistSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/user/searchPostalCode', {
    config: { access: 'public', rateLimit: perIpInProcess(ctx.rateLimits, 60, '1 minute') },
    // The response schema is the allow-list: only its public fields are serialised.
    schema: { tags: ['users'], querystring: therapistSearchQuerySchema, response: { 200: therapistSearchSchema } },
    handler: async (request) => searchByPostalCode(ctx, request.query),
  });
}
