import { patientAppointmentListSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { getOwnAppointments } from './patient-appointments.service.js';

/** The signed-in patient's own appointments (their landing page); cancelling and the video link are booking's and video's. */
export function registerPatientAppointmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/patient/appointments', {
    config: { access: ['patientSelf', 'read'] },
    schema: { tags: ['appointments'], response: { 200: patientAppointmentListSchema } },
    handler: async (request) => getOwnAppointments(ctx, requireActor(request)),
  });
}
