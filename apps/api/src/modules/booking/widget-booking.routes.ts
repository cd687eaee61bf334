import { appointmentBookSchema, appointmentSchema, can, idParamsSchema, widgetBookSchema } from '@praxia/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { withRowScope } from '../../db/row-scope.js';
import { assertAccess } from '../../plugins/access.js';
import { validationError } from '../../plugins/errors.js';
import { perIpForSome } from '../../plugins/rate-limits.js';
import { callerRowScope } from '../../plugins/row-scope.js';
import { bookAppointment } from '../calendar/index.js';
import { bookAsGuest } from './widget-booking.service.js';

/** Validates params and query as usual and leaves the body to the handler (its schema depends on the caller). */
const bodyParsedByHandler = (route: FastifyRouteSchemaDef<z.ZodType>) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route);

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

/** Booking a slot, by staff or by a guest of the widget. */
export function registerBookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];

  // Staff with the edit permission book as before; anyone else is a guest of the widget (widget-booking.service.ts).
  // The body's schema depends on the caller, so the handler parses it; the document shows the staff's.
  const guestBookingLimit = perIpForSome(app, ctx.rateLimits, 'guest-booking', 10, '10 minutes');
  api.patch('/appointment/:id/book', {
    config: { access: 'public' },
    schema: {
      tags,
      description: 'As a guest (no session or no edit permission): body widgetBookSchema, answer widgetBookedSchema.',
      params: idParamsSchema,
      body: appointmentBookSchema,
      response: { 200: appointmentSchema },
    },
    validatorCompiler: (route) => bodyParsedByHandler(route as unknown as FastifyRouteSchemaDef<z.ZodType>),
    handler: async (request, reply) => {
      const { actor } = request;
      if (actor && can(actor.roles, 'appointment', 'edit')) {
        assertAccess(request, ['appointment', 'edit']);
        // The route is public for guests; staff book within their own practice's rows.
        return withRowScope(callerRowScope(actor), () =>
          bookAppointment(ctx, actor, request.params.id, parseBody(appointmentBookSchema, request.body)),
        );
      }
      await guestBookingLimit(request);
      const booked = await bookAsGuest(ctx, request.params.id, parseBody(widgetBookSchema, request.body));
      // Already serialised through widgetBookedSchema; a string skips the staff answer's serialiser.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify(booked));
    },
  });
}
