import { userIdParamsSchema, userSchema, userSelfUpdateSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { emailChangeLimit } from '../../plugins/rate-limits.js';
import { getVisibleUser, updateOwnUser } from './users.service.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const limitEmailChange = emailChangeLimit(app, ctx.rateLimits);

  api.get('/user/current', {
    config: { access: 'signedIn', allowWithExpiredTrial: true },
    schema: { tags, response: { 200: userSchema } },
    handler: async (request) => {
      const actor = requireActor(request);
      const user = await getVisibleUser(ctx, actor, actor.userId);
      return { ...user, expireAt: actor.idleExpiresAt.toISOString() };
    },
  });

  api.get('/user/:id', {
    config: { access: 'signedIn', allowWithExpiredTrial: true },
    schema: { tags, params: userIdParamsSchema, response: { 200: userSchema } },
    handler: async (request) => {
      const actor = requireActor(request);
      return getVisibleUser(ctx, actor, request.params.id);
    },
  });

  api.patch('/user/:id', {
    config: { access: ['user', 'edit'] },
    schema: { tags, params: userIdParamsSchema, body: userSelfUpdateSchema, response: { 200: userSchema } },
    handler: async (request) => {
      const actor = requireActor(request);
      return updateOwnUser(ctx, actor, request.params.id, request.body, {
        beforeEmailChange: () => limitEmailChange(request),
      });
    },
  });
}
