import { publicProfileSchema, userIdParamsSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { perGuestIpInProcess } from '../../plugins/rate-limits.js';
import { getPublicProfile } from './public-profile.service.js';

export function registerPublicProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  // One address, two contracts (plugins/caller-routes.ts): the signed-in caller's user form is the users module's.
  // A guest (the public pages send no cookie) gets a listed
  // therapist's public profile (spec appointments §7), anyone else 404.
  api.get('/user/:id', {
    constraints: { caller: 'guest' },
    config: { access: 'public', rateLimit: perGuestIpInProcess(ctx.rateLimits, 60, '1 minute') },
    schema: {
      tags,
      description: "A listed therapist's public profile; 404 for anyone else.",
      params: userIdParamsSchema,
      response: { 200: publicProfileSchema },
    },
    handler: async (request) => getPublicProfile(ctx, request.params.id),
  });
}
