import {
  type ServerMessage,
  SIGNAL_MAX_MESSAGE_BYTES,
  SIGNAL_MAX_MESSAGES,
  SIGNAL_RATE_WINDOW_MS,
} from '@praxia/shared/video/protocol';
import type { RawData, WebSocket } from 'ws';
import type { AppContext } from '../../context.js';
import { asSystem } from '../../db/row-scope.js';
import type { Party } from './signal-transport.js';
import { clientMessageSchema } from './video.contract.js';
import { markTherapistTokenJoined } from './video.repo.js';
import { resolveVideoToken, type VideoAccess, videoStatus } from './video-access.js';
import { recordJoin, recordLeave } from './video-metadata.js';

/** The first message must be the join within this time, or the connection closes. */
export const JOIN_TIMEOUT_MS = 5000;
/** A party whose connection stops answering pings is taken out, so the other sees it leave. */
const HEARTBEAT_MS = 30_000;

// WebSocket close codes: 1008 policy violation, 1009 message too big (RFC 6455).
const POLICY_VIOLATION = 1008;
const MESSAGE_TOO_BIG = 1009;

const byteLength = (data: RawData) =>
  Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;

/**
 * One signalling connection: authenticated by its first message, bounded in size and rate, relaying only between the
 * two parties of one appointment. Message bodies, SDP and tokens are never logged. The token is a link like the cancel
 * and download links, so its database work runs in the system scope (socket events also arrive outside the upgrade
 * request's context).
 */
export function handleSignalConnection(ctx: AppContext, socket: WebSocket): void {
  const rooms = ctx.videoRooms;
  let joined: { access: VideoAccess; party: Party; sessionId: number } | null = null;
  let isJoining = false;
  let isClosed = false;
  const recent: number[] = [];
  // Messages are handled one after the other: a join's database work finishes before the next message counts.
  let queue = Promise.resolve();

  const send = (message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const fail = (code: string, closeCode = POLICY_VIOLATION) => {
    send({ type: 'error', code });
    socket.close(closeCode);
    isClosed = true;
  };
  const joinTimer = setTimeout(() => {
    if (!joined) fail('joinTimeout');
  }, JOIN_TIMEOUT_MS);

  let isAlive = true;
  socket.on('pong', () => {
    isAlive = true;
  });
  const heartbeat = setInterval(() => {
    if (!isAlive) return socket.terminate();
    isAlive = false;
    socket.ping();
  }, HEARTBEAT_MS);

  const isTooFrequent = (now: number) => {
    while (recent.length > 0 && (recent[0] ?? 0) <= now - SIGNAL_RATE_WINDOW_MS) recent.shift();
    recent.push(now);
    return recent.length > SIGNAL_MAX_MESSAGES;
  };

  async function join(token: string) {
    isJoining = true;
    const now = new Date();
    const isInCall = (id: number) => rooms.isInCall(id);
    const access = await resolveVideoToken(ctx.db, token, isInCall, now);
    if (!access) return fail('invalidToken');
    const status = videoStatus(access, await isInCall(access.appointment.id), now);
    if (status === 'tooEarly') return fail('notAllowed');
    if (status === 'ended') {
      send({ type: 'ended', reason: 'appointmentEnded' });
      socket.close(1000);
      isClosed = true;
      return;
    }
    if (access.role === 'therapist') await markTherapistTokenJoined(ctx.db, access.tokenHash, now);
    const sessionId = await recordJoin(ctx, access, now);
    const party: Party = { role: access.role, send, close: (code) => socket.close(code) };
    joined = { access, party, sessionId };
    clearTimeout(joinTimer);
    // The socket may have closed while the join was being recorded: then it leaves at once.
    if (socket.readyState !== socket.OPEN) return leave();
    await rooms.join(access.appointment.id, party);
  }

  async function leave() {
    if (!joined) return;
    const { access, party, sessionId } = joined;
    joined = null;
    await rooms.leave(access.appointment.id, party);
    await recordLeave(ctx, access, sessionId);
  }

  async function handle(data: RawData, isBinary: boolean) {
    if (isClosed) return;
    let parsed: ReturnType<typeof clientMessageSchema.safeParse>;
    try {
      parsed = clientMessageSchema.safeParse(isBinary ? undefined : JSON.parse(data.toString()));
    } catch {
      return fail('badMessage');
    }
    if (!parsed.success) return fail('badMessage');
    const message = parsed.data;
    if (!joined) {
      if (message.type !== 'join' || isJoining) return fail('notAllowed');
      return join(message.token);
    }
    const { access, party } = joined;
    const appointmentId = access.appointment.id;
    switch (message.type) {
      case 'join':
        return fail('badMessage');
      case 'ping':
        return send({ type: 'pong' });
      case 'admit':
        if (party.role !== 'therapist') return fail('notAllowed');
        return rooms.admit(appointmentId);
      case 'signal':
        return rooms.relay(appointmentId, party, message.payload);
      case 'hangUp':
        return rooms.end(appointmentId, 'hungUp');
    }
  }

  socket.on('message', (data, isBinary) => {
    if (isClosed) return;
    if (byteLength(data) > SIGNAL_MAX_MESSAGE_BYTES) return fail('tooLarge', MESSAGE_TOO_BIG);
    if (isTooFrequent(Date.now())) return fail('tooFrequent');
    queue = queue
      .then(() => asSystem(() => handle(data, isBinary)))
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, 'video signalling failed');
        fail('serverError', 1011);
      });
  });

  socket.on('close', () => {
    isClosed = true;
    clearTimeout(joinTimer);
    clearInterval(heartbeat);
    queue = queue
      .then(() => asSystem(leave))
      .catch((error: unknown) => ctx.log.error({ err: error }, 'video leave not recorded'));
  });
}
