import {
  appointmentBookSchema,
  appointmentBulkStateResultSchema,
  appointmentBulkStateSchema,
  appointmentCopySchema,
  appointmentCreateSchema,
  appointmentDeleteQuerySchema,
  appointmentListSchema,
  appointmentPatchSchema,
  appointmentQuerySchema,
  appointmentSchema,
  can,
  idParamsSchema,
  widgetBookSchema,
} from '@praxia/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { withRowScope } from '../../db/row-scope.js';
import { assertAccess } from '../../plugins/access.js';
import { requireActor } from '../../plugins/actor.js';
import { validationError } from '../../plugins/errors.js';
import { perIpForSome } from '../../plugins/rate-limits.js';
import { callerRowScope } from '../../plugins/row-scope.js';
import { copyAppointment, deleteAppointment } from './appointment-actions.service.js';
import { markAppointmentsBillable } from './appointment-billing.service.js';
import { bookAppointment, rejectAppointment } from './appointment-booking.service.js';
import { createAppointment, getAppointment, getAppointments, patchAppointment } from './appointments.service.js';
import { bookAsGuest } from './widget-booking.service.js';

/** Validates params and query as usual and leaves the body to the handler (its schema depends on the caller). */
const bodyParsedByHandler = (route: FastifyRouteSchemaDef<z.ZodType>) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route);

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

/** Appointments of the calendar (spec appointments §2.2, §4.1, §7). */
export function registerAppointmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];

  api.get('/appointment', {
    config: { access: ['appointment', 'read'] },
    schema: { tags, querystring: appointmentQuerySchema, response: { 200: appointmentListSchema } },
    handler: async (request) => getAppointments(ctx, requireActor(request), request.query),
  });

  api.get('/appointment/:id', {
    config: { access: ['appointment', 'read'] },
    schema: { tags, params: idParamsSchema, response: { 200: appointmentSchema } },
    handler: async (request) => getAppointment(ctx, requireActor(request), request.params.id),
  });

  api.post('/appointment', {
    config: { access: ['appointment', 'create'] },
    schema: { tags, body: appointmentCreateSchema, response: { 201: appointmentSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createAppointment(ctx, requireActor(request), request.body)),
  });

  api.patch('/appointment/:id', {
    config: { access: ['appointment', 'edit'] },
    schema: { tags, params: idParamsSchema, body: appointmentPatchSchema, response: { 200: appointmentSchema } },
    handler: async (request) => patchAppointment(ctx, requireActor(request), request.params.id, request.body),
  });

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

  api.patch('/appointment/:id/cancel', {
    config: { access: ['appointmentReject', 'edit'] },
    schema: { tags, params: idParamsSchema, response: { 200: appointmentSchema } },
    handler: async (request) => rejectAppointment(ctx, requireActor(request), request.params.id),
  });

  api.patch('/appointment/state', {
    config: { access: ['appointmentBillable', 'edit'] },
    schema: {
      tags,
      body: appointmentBulkStateSchema,
      response: { 200: appointmentBulkStateResultSchema },
    },
    handler: async (request) => markAppointmentsBillable(ctx, requireActor(request), request.body),
  });

  api.delete('/appointment/:id', {
    config: { access: ['appointment', 'delete'] },
    schema: { tags, params: idParamsSchema, querystring: appointmentDeleteQuerySchema },
    handler: async (request, reply) => {
      await deleteAppointment(ctx, requireActor(request), request.params.id, request.query.deleteSeries);
      return reply.status(204).send();
    },
  });

  api.post('/appointment/copy', {
    config: { access: ['appointment', 'create'] },
    schema: { tags, body: appointmentCopySchema, response: { 201: appointmentSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await copyAppointment(ctx, requireActor(request), request.body)),
  });
}
