import { createdIdSchema, registerTherapistSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { perAccount, perIp } from '../../plugins/rate-limits.js';
import { registerTherapist } from './registration.service.js';

export function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.rateLimits;
  app.withTypeProvider<ZodTypeProvider>().post('/customer/therapist', {
    config: { access: 'public', rateLimit: perIp(limits, 5, '10 minutes') },
    // Each attempt mails the address or tells whether it is registered: bounded per address too, from any network.
    preHandler: perAccount(app, limits, 5, '1 hour'),
    schema: { tags: ['registration'], body: registerTherapistSchema, response: { 201: createdIdSchema } },
    handler: async (request, reply) => {
      const id = await registerTherapist(ctx, request.body);
      return reply.status(201).send({ id });
    },
  });
}
