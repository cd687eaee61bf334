import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isDevelopmentCaller } from '../../lib/network.js';
import { listSmsOutbox } from './outbox-sms.provider.js';

const smsOutboxSchema = z.object({
  list: z.array(z.object({ id: z.number(), recipient: z.string(), text: z.string(), createdAt: z.date() })),
});

/**
 * The outbox provider's messages (development only, like /dev/mail): the codes are in plain, so only this machine
 * gets an answer; from elsewhere the path does not exist.
 */
export function registerDevSmsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get('/dev/sms', {
    config: { access: 'public' },
    schema: { tags: ['development'], response: { 200: smsOutboxSchema } },
    handler: async (request, reply) => {
      if (!isDevelopmentCaller(request, ctx.config.publicUrl)) return reply.callNotFound();
      return { list: await listSmsOutbox(ctx.db) };
    },
  });
}
