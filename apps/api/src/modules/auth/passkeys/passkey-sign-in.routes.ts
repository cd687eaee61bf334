import {
  passkeyOptionsSchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  userIdResultSchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { perIp } from '../../../plugins/rate-limits.js';
import { startSession } from '../session.plugin.js';
import { finishPasskeySignIn, startPasskeySignIn } from './passkey-sign-in.service.js';

/**
 * Sign-in with a passkey: alone (a discoverable credential names the account), or with the login token of the
 * password step as its second factor. Limited per network like the password step.
 */
export function registerPasskeySignInRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const config = { access: 'public' as const, rateLimit: perIp(ctx.rateLimits, 20, '1 minute') };

  api.post('/user/login/passkey/options', {
    config,
    schema: { tags, body: passkeySignInOptionsSchema, response: { 200: passkeyOptionsSchema } },
    handler: async (request) => startPasskeySignIn(ctx, request.body.loginToken),
  });

  api.post('/user/login/passkey', {
    config,
    schema: { tags, body: passkeySignInSchema, response: { 200: userIdResultSchema } },
    handler: async (request, reply) => {
      const userId = await finishPasskeySignIn(ctx, request.body);
      await startSession(request, reply, ctx.db, userId, ctx.config.publicUrl.startsWith('https://'));
      return { userId };
    },
  });
}
