import { AVATAR_MAX_BYTES, ErrorCode, userIdParamsSchema, ValidationKey } from '@praxia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { withRowScope } from '../../db/row-scope.js';
import { isMultipart, readOneFile } from '../../lib/multipart.js';
import { assertAccess } from '../../plugins/access.js';
import { requireActor } from '../../plugins/actor.js';
import { AppError, validationFailed } from '../../plugins/errors.js';
import { perGuestIpInProcess, perUserOrNetwork } from '../../plugins/rate-limits.js';
import { callerRowScope } from '../../plugins/row-scope.js';
import { avatarContentType, avatarTooLarge, getAvatar, removeAvatar, replaceAvatar } from './avatar.service.js';
import { getPublicAvatar } from './public-therapist.js';
import { findEditableUser } from './users.policy.js';

const avatarUploadSchema = z.object({ file: z.file().describe('PNG, JPEG or GIF image, at most 1,048,576 bytes') });

/** Reads the image, the body's first file; the size limit is enforced while the bytes arrive. */
async function readAvatarUpload(request: FastifyRequest, config: AppConfig): Promise<Buffer> {
  if (!isMultipart(request)) {
    throw new AppError(ErrorCode.validationFailed, {
      status: 422,
      detail: 'Send the image as multipart/form-data with a file part',
      fields: {
        file: ['error.required'],
      },
    });
  }
  const image = await readOneFile(request, config, {
    fileSize: AVATAR_MAX_BYTES,
    tooManyParts: () => validationFailed('file', ValidationKey.invalidValue, 'One file per request.'),
  });
  if (!image)
    throw new AppError(ErrorCode.validationFailed, {
      status: 422,
      detail: 'No image sent',
      fields: { file: ['error.required'] },
    });
  if (image.isTooLarge) throw avatarTooLarge();
  return image.data;
}

export function registerAvatarRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  api.get('/user/:id/avatar', {
    // Public for the search and profile pages: a guest sees the pictures of therapists with a public profile only.
    // A search page shows up to 40 pictures, hence the larger budget.
    config: { access: 'public', rateLimit: perGuestIpInProcess(ctx.rateLimits, 300, '1 minute') },
    schema: { tags, params: userIdParamsSchema },
    handler: async (request, reply) => {
      if (!request.actor && !request.sessionEnded) {
        const avatar = await getPublicAvatar(ctx, request.params.id);
        // Public, but not for long: a therapist who leaves the search should not linger in caches.
        return reply
          .type(avatarContentType(avatar.key))
          .header('cache-control', 'public, max-age=300')
          .send(avatar.data);
      }
      assertAccess(request, 'signedIn', { allowWithExpiredTrial: true });
      const actor = requireActor(request);
      // Public for guests; a signed-in caller's reads keep to their own rows.
      const avatar = await withRowScope(callerRowScope(actor), () => getAvatar(ctx, actor, request.params.id));
      return reply.type(avatar.contentType).header('cache-control', 'private, no-store').send(avatar.data);
    },
  });

  api.put('/user/:id/avatar', {
    // Each upload is decoded: a user's uploads are bounded, whoever's avatar they set.
    config: { access: ['user', 'edit'], rateLimit: perUserOrNetwork(ctx.rateLimits, 10, '10 minutes') },
    schema: {
      tags,
      params: userIdParamsSchema,
      multipartBody: avatarUploadSchema,
      response: { 200: z.object({ avatar: z.string(), hasAvatar: z.literal(true) }) },
    },
    handler: async (request) => {
      const actor = requireActor(request);
      // Who may change this avatar is settled before a byte of the upload is read.
      await findEditableUser(ctx, actor, request.params.id);
      const upload = await readAvatarUpload(request, ctx.config);
      return replaceAvatar(ctx, actor, request.params.id, upload);
    },
  });

  api.delete('/user/:id/avatar', {
    config: { access: ['user', 'edit'] },
    schema: { tags, params: userIdParamsSchema },
    handler: async (request, reply) => {
      await removeAvatar(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
