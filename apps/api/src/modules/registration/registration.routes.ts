import { registerTherapistSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { perAccount, perIp } from '../../plugins/rate-limits.js';
import { registerTherapist } from './registration.service.js';

export function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.rateLimits;
  app.withTypeProvider<ZodTypeProvider>().post('/customer/therapist', {
    config: { access: 'public', rateLimit: perIp(limits, 5, '10 minutes') },
    // Each attempt mails the address (the confirmation, or a notice to its owner): bounded per address too.
    preHandler: perAccount(app, limits, 5, '1 hour'),
    schema: { tags: ['registration'], body: registerTherapistSchema },
    handler: async (request, reply) => {
      // Like a password reset, one answer whether the address was free or taken: nothing tells the two apart.
      await registerTherapist(ctx, request.body);
      return reply.status(204).send();
    },
  });
}
