import {
  appointmentTypeCreateSchema,
  appointmentTypeListSchema,
  appointmentTypePatchSchema,
  appointmentTypeQuerySchema,
  appointmentTypeSchema,
  idParamsSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import {
  createAppointmentType,
  getAppointmentType,
  getAppointmentTypes,
  patchAppointmentType,
  removeAppointmentType,
} from './appointment-types.service.js';

/** Appointment types (spec appointments §2.3, §3, §4.2, §7). */
export function registerAppointmentTypeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointment types'];

  api.get('/appointmentTypes', {
    config: { access: ['appointmentType', 'read'] },
    schema: { tags, querystring: appointmentTypeQuerySchema, response: { 200: appointmentTypeListSchema } },
    handler: async (request) => getAppointmentTypes(ctx, requireActor(request), request.query),
  });

  api.get('/appointmentTypes/:id', {
    config: { access: ['appointmentType', 'read'] },
    schema: { tags, params: idParamsSchema, response: { 200: appointmentTypeSchema } },
    handler: async (request) => getAppointmentType(ctx, requireActor(request), request.params.id),
  });

  api.post('/appointmentTypes', {
    config: { access: ['appointmentType', 'create'] },
    schema: { tags, body: appointmentTypeCreateSchema, response: { 201: appointmentTypeSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createAppointmentType(ctx, requireActor(request), request.body)),
  });

  api.patch('/appointmentTypes/:id', {
    config: { access: ['appointmentType', 'edit'] },
    schema: {
      tags,
      params: idParamsSchema,
      body: appointmentTypePatchSchema,
      response: { 200: appointmentTypeSchema },
    },
    handler: async (request) => patchAppointmentType(ctx, requireActor(request), request.params.id, request.body),
  });

  api.delete('/appointmentTypes/:id', {
    config: { access: ['appointmentType', 'delete'] },
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) => {
      await removeAppointmentType(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
