import {
  idParamsSchema,
  mfaStatusSchema,
  recoveryCodesSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpEnrolmentSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { perIp } from '../../plugins/rate-limits.js';
import { resetSecondFactors } from './second-factor-reset.js';
import { renewSession } from './session-renewal.js';
import { confirmTotpEnrolment, disableTotp, getMfaStatus, startTotpEnrolment } from './totp.service.js';

/** The caller's own second factors (open during a practice's enrolment requirement) and the owner's reset. */
export function registerMfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // One's own account stays reachable after a trial ended, as the profile does.
  const own = { access: 'signedIn', allowWithExpiredTrial: true } as const;

  api.get('/user/mfa', {
    config: own,
    schema: { tags, response: { 200: mfaStatusSchema } },
    handler: async (request) => getMfaStatus(ctx, requireActor(request)),
  });

  api.post('/user/mfa/totp', {
    config: { ...own, rateLimit: perIp(ctx.rateLimits, 10, '1 minute') },
    schema: { tags, response: { 200: totpEnrolmentSchema } },
    handler: async (request) => startTotpEnrolment(ctx, requireActor(request)),
  });

  api.post('/user/mfa/totp/confirm', {
    config: { ...own, rateLimit: perIp(ctx.rateLimits, 10, '1 minute') },
    schema: { tags, body: totpConfirmSchema, response: { 200: recoveryCodesSchema } },
    handler: async (request, reply) => {
      const recoveryCodes = await confirmTotpEnrolment(ctx, requireActor(request), request.body.code);
      await renewSession(ctx, request, reply);
      return { recoveryCodes };
    },
  });

  api.delete('/user/mfa/totp', {
    config: { ...own, rateLimit: perIp(ctx.rateLimits, 10, '1 minute') },
    schema: { tags, body: totpDisableSchema },
    handler: async (request, reply) => {
      await disableTotp(ctx, requireActor(request), request.body.password, request.body.code);
      return reply.status(204).send();
    },
  });

  api.delete('/user/:id/mfa', {
    config: { access: ['userOthers', 'edit'] },
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) => {
      await resetSecondFactors(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
