import { pushSubscriptionSchema, userIdParamsSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { perUser } from '../../plugins/rate-limits.js';
import { findUserById } from '../users/index.js';
import { getPushPublicKey, sendTestPush, subscribeToPush, unsubscribeFromPush } from './push.service.js';

// The browser sends its subscription to remove that one; without a body every subscription of the user goes.
const unsubscribeSchema = pushSubscriptionSchema.pick({ endpoint: true }).partial().nullish();

export function registerPushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['push'];

  api.get('/push-notification/public-key', {
    config: { access: 'signedIn', allowWithExpiredTrial: true },
    schema: { tags, response: { 200: z.object({ publicKey: z.string() }) } },
    handler: async () => ({ publicKey: await getPushPublicKey(ctx) }),
  });

  api.post('/push-notification/subscription', {
    config: { access: ['user', 'edit'], allowWithExpiredTrial: true },
    schema: {
      tags,
      description:
        'Stores the browser’s subscription. The endpoint must be https and resolve only to public addresses (422 error.pushEndpointRefused otherwise).',
      body: pushSubscriptionSchema,
    },
    handler: async (request, reply) => {
      await subscribeToPush(ctx, requireActor(request), request.body);
      return reply.status(201).send();
    },
  });

  api.delete('/push-notification/subscription/:id', {
    config: { access: ['user', 'edit'], allowWithExpiredTrial: true },
    schema: { tags, params: userIdParamsSchema, body: unsubscribeSchema },
    handler: async (request, reply) => {
      await unsubscribeFromPush(ctx, requireActor(request), request.params.id, request.body?.endpoint);
      return reply.status(204).send();
    },
  });

  api.post('/push-notification/test', {
    config: { access: ['user', 'edit'] },
    // Each call makes the server post to every subscribed endpoint: a few a user, not a tool for probing.
    preHandler: perUser(app, ctx.rateLimits, 5, '10 minutes'),
    schema: {
      tags,
      description: 'At most 5 calls in 10 minutes per user (then 429 error.tooManyRequests).',
      response: { 200: z.object({ sent: z.number(), failed: z.number() }) },
    },
    handler: async (request) => {
      const actor = requireActor(request);
      const user = await findUserById(ctx.db, actor.userId);
      return sendTestPush(ctx, actor, user?.language ?? 'de');
    },
  });
}
