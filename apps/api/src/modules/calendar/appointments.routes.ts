import {
  appointmentAssignPatientSchema,
  appointmentBookSchema,
  appointmentBulkStateResultSchema,
  appointmentBulkStateSchema,
  appointmentCopySchema,
  appointmentCreateSchema,
  appointmentDeleteQuerySchema,
  appointmentListSchema,
  appointmentPatchSchema,
  appointmentPatientMatchesSchema,
  appointmentQuerySchema,
  appointmentSchema,
  idParamsSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { copyAppointment, deleteAppointment } from './appointment-actions.service.js';
import { markAppointmentsBillable } from './appointment-billing.service.js';
import { bookAppointment, rejectAppointment } from './appointment-booking.service.js';
import { createAppointment, getAppointment, getAppointments, patchAppointment } from './appointments.service.js';
import { assignHeldBooking, findPatientMatches } from './held-booking.service.js';

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

  // A guest of the booking widget books behind the same address without a session cookie (booking module).
  api.patch('/appointment/:id/book', {
    constraints: { caller: 'session' },
    config: { access: ['appointment', 'edit'] },
    schema: {
      tags,
      description: 'Staff book a free slot for a client, who becomes or is a patient of the practice (spec §4.1).',
      params: idParamsSchema,
      body: appointmentBookSchema,
      response: { 200: appointmentSchema },
    },
    handler: async (request) => bookAppointment(ctx, requireActor(request), request.params.id, request.body),
  });

  api.get('/appointment/:id/patient-matches', {
    config: { access: ['appointment', 'read'] },
    schema: {
      tags,
      description: "A held online booking's candidates: the therapist's patients with the e-mail the guest typed.",
      params: idParamsSchema,
      response: { 200: appointmentPatientMatchesSchema },
    },
    handler: async (request) => findPatientMatches(ctx, requireActor(request), request.params.id),
  });

  api.patch('/appointment/:id/patient', {
    config: { access: ['appointment', 'edit'] },
    schema: {
      tags,
      description: 'The practice names the patient of a held online booking, after checking the guest’s details.',
      params: idParamsSchema,
      body: appointmentAssignPatientSchema,
      response: { 200: appointmentSchema },
    },
    handler: async (request) => assignHeldBooking(ctx, requireActor(request), request.params.id, request.body),
  });

  api.patch('/appointment/:id/cancel', {
    config: { access: ['appointmentReject', 'edit'] },
    schema: { tags, params: idParamsSchema, response: { 200: appointmentSchema } },
    handler: async (request) => rejectAppointment(ctx, requireActor(request), request.params.id),
  });

  api.patch('/appointment/state', {
    // The billable permission is checked by the service, which tells a DRS therapist why (they do not bill).
    config: { access: ['appointment', 'edit'] },
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
