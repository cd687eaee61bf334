import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { startSession } from './session.plugin.js';

/**
 * Gives the caller's session a new id (the old one ends): a session id seen before a factor was added or proved must
 * not carry the stronger sign-in.
 */
export async function renewSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const actor = requireActor(request);
  await startSession(request, reply, ctx.db, actor.userId, ctx.config.publicUrl.startsWith('https://'));
}
