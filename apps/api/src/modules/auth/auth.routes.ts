import {
  changeEmailSchema,
  credentialsResultSchema,
  credentialsSchema,
  pinSchema,
  resetRequestSchema,
  setPasswordSchema,
  successSchema,
  tokenParamsSchema,
  tokenSearchResultSchema,
  userIdResultSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { perAccount, perAccountFromNetwork, perIp } from '../../plugins/rate-limits.js';
import {
  changeEmailWithToken,
  checkCredentials,
  checkPin,
  confirmRegistration,
  findEmailChange,
  requestPasswordReset,
  setPasswordWithToken,
} from './auth.service.js';
import { endSession, startSession } from './session.plugin.js';

const tokenParams = tokenParamsSchema;

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = ctx.rateLimits;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.publicUrl.startsWith('https://');
  const tags = ['auth'];

  api.post('/user/login/credentials', {
    config: { access: 'public', rateLimit: perIp(limits, 20, '1 minute') },
    // Guessing one account: 10 tries per network, and a ceiling over all networks that one network alone cannot
    // reach (it is stopped at its own 10 first), so no single caller can lock the owner out.
    preHandler: [perAccountFromNetwork(app, limits, 10, '15 minutes'), perAccount(app, limits, 100, '15 minutes')],
    schema: { tags, body: credentialsSchema, response: { 200: credentialsResultSchema } },
    handler: async (request, reply) => {
      const outcome = await checkCredentials(ctx, request.body.email, request.body.password);
      if ('result' in outcome) return outcome.result;
      await startSession(request, reply, ctx.db, outcome.signInUserId, secure);
      return { userId: outcome.signInUserId };
    },
  });

  api.post('/user/login/pin', {
    config: { access: 'public', rateLimit: perIp(limits, 20, '1 minute') },
    schema: { tags, body: pinSchema, response: { 200: userIdResultSchema } },
    handler: async (request, reply) => {
      const userId = await checkPin(ctx, request.body.loginToken, request.body.pin);
      await startSession(request, reply, ctx.db, userId, secure);
      return { userId };
    },
  });

  api.get('/user/logout', {
    // Only ends the caller's own session, so it stays a GET as the spec has it; but another site's link or image must
    // not sign the user out, so a cross-site call is refused (403 error.crossSiteRefused) and the session stays.
    config: { access: 'public', isSameOriginOnly: true },
    schema: { tags, response: { 200: successSchema } },
    handler: async (request, reply) => {
      await endSession(request, reply, ctx.db);
      return { success: true as const };
    },
  });

  api.post('/user/password/reset', {
    config: { access: 'public', rateLimit: perIp(limits, 10, '1 minute') },
    preHandler: perAccount(app, limits, 5, '1 hour'),
    schema: { tags, body: resetRequestSchema },
    handler: async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email);
      return reply.status(204).send();
    },
  });

  api.patch('/user/password/:token', {
    config: { access: 'public', rateLimit: perIp(limits, 10, '1 minute') },
    schema: { tags, params: tokenParams, body: setPasswordSchema },
    handler: async (request, reply) => {
      await setPasswordWithToken(ctx, request.params.token, request.body.password);
      return reply.status(204).send();
    },
  });

  api.post('/security-token/search', {
    config: { access: 'public', rateLimit: perIp(limits, 20, '1 minute') },
    schema: { tags, querystring: tokenParams, response: { 200: tokenSearchResultSchema } },
    handler: async (request) => {
      const email = await findEmailChange(ctx, request.query.token);
      return { list: [{ payload: { email } }] };
    },
  });

  api.post('/user/change-email', {
    config: { access: 'public', rateLimit: perIp(limits, 10, '1 minute') },
    schema: { tags, body: changeEmailSchema },
    handler: async (request, reply) => {
      await changeEmailWithToken(ctx, request.body.token, request.body.password);
      return reply.status(204).send();
    },
  });

  api.get('/user/confirm-registration/:token', {
    // A GET as the spec has it: the token is the credential and the effect is idempotent.
    config: { access: 'public', rateLimit: perIp(limits, 20, '1 minute') },
    schema: { tags, params: tokenParams },
    handler: async (request, reply) => {
      await confirmRegistration(ctx, request.params.token);
      return reply.status(204).send();
    },
  });
}
