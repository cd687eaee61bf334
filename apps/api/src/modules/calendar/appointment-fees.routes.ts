import {
  appointmentFeeCreateSchema,
  appointmentFeeListSchema,
  appointmentFeePatchSchema,
  appointmentFeeQuerySchema,
  appointmentFeeWithItemSchema,
  idParamsSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import {
  createAppointmentFee,
  getAppointmentFees,
  patchAppointmentFee,
  removeAppointmentFee,
} from './appointment-fees.service.js';

/** Fee entries on appointments (spec appointments §3, §5, §7). */
export function registerAppointmentFeeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];
  const path = '/appointment/medical-fee-appointment';

  api.get(path, {
    config: { access: ['appointment', 'read'] },
    schema: { tags, querystring: appointmentFeeQuerySchema, response: { 200: appointmentFeeListSchema } },
    handler: async (request) => {
      const { appointmentId, appointmentIds = [] } = request.query;
      const ids = appointmentId === undefined ? appointmentIds : [appointmentId, ...appointmentIds];
      return getAppointmentFees(ctx, requireActor(request), ids);
    },
  });

  api.post(path, {
    config: { access: ['appointment', 'edit'] },
    schema: { tags, body: appointmentFeeCreateSchema, response: { 201: appointmentFeeWithItemSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await createAppointmentFee(ctx, requireActor(request), request.body)),
  });

  api.patch(`${path}/:id`, {
    config: { access: ['appointment', 'edit'] },
    schema: {
      tags,
      params: idParamsSchema,
      body: appointmentFeePatchSchema,
      response: { 200: appointmentFeeWithItemSchema },
    },
    handler: async (request) => patchAppointmentFee(ctx, requireActor(request), request.params.id, request.body.entry),
  });

  api.delete(`${path}/:id`, {
    config: { access: ['appointment', 'edit'] },
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) => {
      await removeAppointmentFee(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
