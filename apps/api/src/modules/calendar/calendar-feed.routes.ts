import { calendarFeedRenewSchema, calendarFeedSchema, calendarSettingsQuerySchema, plainText } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { perIp } from '../../plugins/rate-limits.js';
import { renderCalendarFeed, renewCalendarFeed, revokeCalendarFeed } from './calendar-feed.service.js';

const feedParamsSchema = z.object({ file: plainText().max(120) });

/** The therapist's private calendar feed (iCal) and the authenticated call that renews its secret address. */
export function registerCalendarFeedRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];

  api.post('/calendar-settings/feed', {
    config: { access: ['appointment', 'read'] },
    schema: { tags, body: calendarFeedRenewSchema, response: { 200: calendarFeedSchema } },
    handler: async (request) => renewCalendarFeed(ctx, requireActor(request), request.body.userId),
  });

  api.delete('/calendar-settings/feed', {
    config: { access: ['appointment', 'read'] },
    schema: { tags, querystring: calendarSettingsQuerySchema },
    handler: async (request, reply) => {
      await revokeCalendarFeed(ctx, requireActor(request), request.query.userId);
      return reply.status(204).send();
    },
  });

  // Calendar apps poll it without a session: the secret in the address is the credential.
  api.get('/calendar-feed/:file', {
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 60, '1 minute') },
    schema: { tags, params: feedParamsSchema },
    handler: async (request, reply) =>
      reply.type('text/calendar; charset=utf-8').send(await renderCalendarFeed(ctx, request.params.file)),
  });
}
