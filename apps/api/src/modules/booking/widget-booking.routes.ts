import { idParamsSchema, widgetBookedSchema, widgetBookSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { perIp } from '../../plugins/rate-limits.js';
import { bookAsGuest } from './widget-booking.service.js';

/** A guest's booking from the widget (spec §5); staff book behind the same address with their session (calendar). */
export function registerGuestBookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Every booking may create a patient record and sends two mails: 10 per network in 10 minutes.
  api.patch('/appointment/:id/book', {
    constraints: { caller: 'guest' },
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 10, '10 minutes') },
    schema: {
      tags: ['appointments'],
      description: 'A guest of the booking widget books a slot the widget offers (spec §5).',
      params: idParamsSchema,
      body: widgetBookSchema,
      response: { 200: widgetBookedSchema },
    },
    handler: async (request) => bookAsGuest(ctx, request.params.id, request.body),
  });
}
