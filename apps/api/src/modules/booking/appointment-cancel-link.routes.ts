import { appointmentCancelInfoSchema, idParamsSchema, securityTokenParamsSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { perIp } from '../../plugins/rate-limits.js';
import { cancelByLink, cancelOwnAppointment, getCancelInfo } from './appointment-cancel-link.service.js';

/**
 * The public cancel page's calls (spec §2.4): the link from the booking confirmation, rate limited per network; and
 * the signed-in patient's own cancellation.
 */
export function registerCancelLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointments'];

  api.get('/appointment/cancel/:securityToken', {
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 20, '1 minute') },
    schema: { tags, params: securityTokenParamsSchema, response: { 200: appointmentCancelInfoSchema } },
    handler: async (request) => getCancelInfo(ctx, request.params.securityToken),
  });

  api.patch('/appointment/cancel/:securityToken', {
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 10, '1 minute') },
    schema: { tags, params: securityTokenParamsSchema },
    handler: async (request, reply) => {
      await cancelByLink(ctx, request.params.securityToken);
      return reply.status(204).send();
    },
  });

  // The same cancellation for the signed-in patient, from their landing page.
  api.patch('/patient/appointments/:id/cancel', {
    config: { access: ['patientSelf', 'edit'] },
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) => {
      await cancelOwnAppointment(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
