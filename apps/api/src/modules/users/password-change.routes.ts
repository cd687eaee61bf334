import { ErrorCode, passwordChangeSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { requireActor } from '../../plugins/actor.js';
import { AppError } from '../../plugins/errors.js';
import { perIp } from '../../plugins/rate-limits.js';
import { findUserById, updateUser } from './users.repo.js';

/**
 * POST /user/password/change (people §2 change-password): the current password proves the person; the new one
 * ends every session of the user, this one included (security.md), so the web signs in again.
 */
export function registerPasswordChangeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/user/password/change', {
    config: { access: ['user', 'edit'], allowWithExpiredTrial: true, rateLimit: perIp(ctx.rateLimits, 10, '1 minute') },
    schema: { tags: ['users'], body: passwordChangeSchema },
    handler: async (request, reply) => {
      const actor = requireActor(request);
      const user = await findUserById(ctx.db, actor.userId);
      if (!user || !(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw new AppError(ErrorCode.wrongPassword, { status: 403, detail: 'Wrong password' });
      }
      const passwordHash = await hashPassword(request.body.password);
      await ctx.db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash });
        await ctx.accounts.endSessionsOfUser(tx, user.id, 'passwordChanged');
      });
      return reply.status(204).send();
    },
  });
}
