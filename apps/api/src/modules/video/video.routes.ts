import websocket from '@fastify/websocket';
import { idParamsSchema, patientVideoLinkSchema } from '@praxia/shared';
import { SIGNAL_MAX_MESSAGE_BYTES, VIDEO_SIGNAL_PATH } from '@praxia/shared/video/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { perIp } from '../../plugins/rate-limits.js';
import { handleSignalConnection } from './signal-connection.js';
import { therapistMeetingSchema, videoSessionRequestSchema, videoSessionSchema } from './video.contract.js';
import { getTherapistMeeting, getVideoSession, issueOwnVideoLink, resendPatientLink } from './video.service.js';

/** Video consultations (issue 10; spec appointments §6, §7): the tokens, the page's session call and the signalling. */
export function registerVideoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['video'];

  api.get('/appointment/:id/meeting/therapist', {
    config: { access: ['videoChat', 'create'] },
    schema: { tags, params: idParamsSchema, response: { 200: therapistMeetingSchema } },
    handler: async (request) => getTherapistMeeting(ctx, requireActor(request), request.params.id),
  });

  api.post('/appointment/:id/meeting/patient-link', {
    // Each call mails the patient: bounded like the other mail-sending routes.
    config: { access: ['appointment', 'edit'], rateLimit: perIp(ctx.rateLimits, 20, '10 minutes') },
    schema: { tags, params: idParamsSchema },
    handler: async (request, reply) => {
      await resendPatientLink(ctx, requireActor(request), request.params.id);
      return reply.status(204).send();
    },
  });

  api.post('/patient/appointments/:id/video-link', {
    config: { access: ['patientSelf', 'read'], rateLimit: perIp(ctx.rateLimits, 20, '10 minutes') },
    schema: { tags, params: idParamsSchema, response: { 200: patientVideoLinkSchema } },
    handler: async (request) => issueOwnVideoLink(ctx, requireActor(request), request.params.id),
  });

  api.post('/video/session', {
    config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 30, '1 minute') },
    schema: { tags, body: videoSessionRequestSchema, response: { 200: videoSessionSchema } },
    handler: async (request) => getVideoSession(ctx, request.body.token),
  });

  // The token travels in the first message, not the URL (request logs keep URLs).
  const signalPath = VIDEO_SIGNAL_PATH.replace(/^\/api/, '');
  // The WebSocket plugin adds hooks to every request of the scope it is registered in: only the signalling's here.
  app.register(async (signalling) => {
    // Signalling messages above the contract's bound are answered tooLarge by the handler; far larger ones ws refuses.
    await signalling.register(websocket, { options: { maxPayload: SIGNAL_MAX_MESSAGE_BYTES * 2 } });
    signalling.get(
      signalPath,
      {
        websocket: true,
        config: { access: 'public', rateLimit: perIp(ctx.rateLimits, 30, '1 minute') },
        schema: {
          tags,
          description:
            'WebSocket: the video signalling (packages/shared/src/video/protocol.ts). The first message is { type: "join", token }.',
        },
      },
      (socket) => handleSignalConnection(ctx, socket),
    );
  });
}
