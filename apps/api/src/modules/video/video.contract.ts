import type { ClientMessage, TherapistMeeting, VideoSession } from '@praxia/shared/video/protocol';
import { SIGNAL_MAX_MESSAGE_BYTES } from '@praxia/shared/video/protocol';
import { z } from 'zod';

// The server's zod schemas of the video contract (packages/shared/src/video/protocol.ts holds the types the page
// imports without a schema library); `satisfies` keeps both in step.

/** Any string of sane length: a malformed token answers like an unknown one (the page says "invalid link"). */
const token = z.string().min(1).max(200);

export const videoSessionRequestSchema = z.object({ token });

export const therapistMeetingSchema = z.object({
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
}) satisfies z.ZodType<TherapistMeeting>;

export const videoSessionSchema = z.object({
  role: z.enum(['therapist', 'patient']),
  status: z.enum(['open', 'tooEarly', 'ended']),
  appointment: z.object({
    id: z.number(),
    appointmentStart: z.string(),
    appointmentEnd: z.string(),
    therapistName: z.string(),
    practiceName: z.string(),
    patientName: z.string().nullable(),
  }),
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
}) satisfies z.ZodType<VideoSession>;

// Signalling: every string bounded; unknown keys are dropped, so only what is validated is relayed.
const description = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(SIGNAL_MAX_MESSAGE_BYTES) });
const candidate = z
  .object({
    candidate: z.string().max(2000),
    sdpMid: z.string().max(64).nullish(),
    sdpMLineIndex: z.number().int().min(0).max(1024).nullish(),
    // RTCIceCandidate.toJSON() carries it; harmless to pass along.
    usernameFragment: z.string().max(256).nullish(),
  })
  .nullable();

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), token }),
  z.object({ type: z.literal('admit') }),
  z.object({
    type: z.literal('signal'),
    payload: z.union([z.object({ description }), z.object({ candidate })]),
  }),
  z.object({ type: z.literal('hangUp') }),
  z.object({ type: z.literal('ping') }),
]) satisfies z.ZodType<ClientMessage>;
