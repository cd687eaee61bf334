import { tokenParamsSchema, waitingListJoinSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { perAccount, perIp } from '../../plugins/rate-limits.js';
import { joinWaitingList, leaveWaitingList } from './waiting-list.service.js';

/** The widget's waiting list (issue 9): joined by guests, left by the link in each of its mails. */
export function registerWaitingListRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];

  // Each join mails the address it names: limited per network and per address (nobody floods a stranger's inbox).
  api.post('/appointment/waiting-list', {
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 10, '10 minutes') },
    preHandler: perAccount(app, ctx.rateLimits, 3, '1 hour'),
    schema: { tags, body: waitingListJoinSchema, response: { 201: z.object({}) } },
    handler: async (request, reply) => {
      await joinWaitingList(ctx, request.body);
      return reply.status(201).send({});
    },
  });

  api.delete('/appointment/waiting-list/:token', {
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 20, '1 minute') },
    schema: { tags, params: tokenParamsSchema },
    handler: async (request, reply) => {
      await leaveWaitingList(ctx, request.params.token);
      return reply.status(204).send();
    },
  });
}
