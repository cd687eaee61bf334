import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isDevelopmentCaller } from '../../lib/network.js';
import { listOutbox } from './outbox.repo.js';

const outboxSchema = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      recipient: z.string(),
      subject: z.string(),
      textBody: z.string(),
      htmlBody: z.string(),
      state: z.string(),
      createdAt: z.date(),
    }),
  ),
});

/** The development outbox (not registered in production): every mail the app produced, for this machine only. */
export function registerDevMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get('/dev/mail', {
    config: { access: 'public' },
    schema: { tags: ['development'], response: { 200: outboxSchema } },
    handler: async (request, reply) => {
      // Codes and links in plain: from elsewhere the page does not exist, answered as for any unknown path.
      if (!isDevelopmentCaller(request, ctx.config.publicUrl)) return reply.callNotFound();
      return { list: await listOutbox(ctx.db) };
    },
  });
}
