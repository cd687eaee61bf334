import {
  idParamsSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeySchema,
} from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { requireActor } from '../../../plugins/actor.js';
import { perIp } from '../../../plugins/rate-limits.js';
import { renewSession } from '../session-renewal.js';
import {
  finishPasskeyRegistration,
  listPasskeys,
  removeOwnPasskey,
  renameOwnPasskey,
  startPasskeyRegistration,
} from './passkey-enrolment.service.js';

/** The signed-in user's own passkeys: register, list, rename, remove. */
export function registerPasskeyEnrolmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // Each registration stores a challenge and each change sends a mail: bounded like other mail-sending routes.
  const config = { access: 'signedIn' as const, rateLimit: perIp(ctx.rateLimits, 30, '1 minute') };

  api.post('/user/mfa/passkeys/options', {
    config,
    schema: { tags, response: { 200: passkeyOptionsSchema } },
    handler: async (request) => startPasskeyRegistration(ctx, requireActor(request).userId),
  });

  api.post('/user/mfa/passkeys', {
    config,
    schema: { tags, body: passkeyRegisterSchema, response: { 201: passkeySchema } },
    handler: async (request, reply) => {
      const passkey = await finishPasskeyRegistration(ctx, requireActor(request).userId, request.body);
      await renewSession(ctx, request, reply);
      return reply.status(201).send(passkey);
    },
  });

  api.get('/user/mfa/passkeys', {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: passkeyListSchema } },
    handler: async (request) => ({ list: await listPasskeys(ctx, requireActor(request).userId) }),
  });

  api.patch('/user/mfa/passkeys/:id', {
    config,
    schema: { tags, params: idParamsSchema, body: passkeyRenameSchema, response: { 200: passkeySchema } },
    handler: async (request) =>
      renameOwnPasskey(ctx, requireActor(request).userId, request.params.id, request.body.name),
  });

  api.delete('/user/mfa/passkeys/:id', {
    config,
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) => {
      await removeOwnPasskey(ctx, requireActor(request).userId, request.params.id);
      return reply.status(204).send();
    },
  });
}
