import type { ServerMessage, VideoRole } from '@praxia/shared/video/protocol';

/** A signalling room as it is kept in the database: the connection holding each party, and how far the call got. */
export type RoomState = {
  therapist: string | null;
  patient: string | null;
  /** The therapist let the patient in; a patient who drops and returns is let in again without asking. */
  isAdmitted: boolean;
  /** Both were told to start: signals flow between them. */
  isStarted: boolean;
};

/** What a change of the room makes happen on the connections: a message sent, or the connection closed. */
export type RoomEffect = { to: string; message: ServerMessage } | { to: string; close: number };

export type EndReason = Extract<ServerMessage, { type: 'ended' }>['reason'];

export const EMPTY_ROOM: RoomState = { therapist: null, patient: null, isAdmitted: false, isStarted: false };
const NORMAL_CLOSURE = 1000;
/** WebSocket close code for an application-level refusal (4000–4999 are ours). */
export const REPLACED_CLOSE = 4001;

type Change = { room: RoomState | null; effects: RoomEffect[] };

/**
 * A connection joins as its role. A second connection of the same role replaces the first (a reload, a phone that
 * switched networks and left a half-open connection behind); the older one is told `replaced` and closed.
 */
export function joinRoom(current: RoomState, role: VideoRole, connection: string): Change {
  const room = { ...current };
  const effects: RoomEffect[] = [];
  const previous = room[role];
  if (previous) {
    room[role] = null;
    effects.push(
      { to: previous, message: { type: 'error', code: 'replaced' } },
      { to: previous, close: REPLACED_CLOSE },
    );
    effects.push(...peerGone(room, role));
  }
  room[role] = connection;
  effects.push({ to: connection, message: { type: 'joined', role } });
  const { therapist, patient } = room;
  if (!patient) return { room, effects };
  if (therapist && room.isAdmitted) return { room, effects: [...effects, ...start(room)] };
  effects.push({ to: patient, message: { type: 'waiting' } });
  if (therapist) effects.push({ to: therapist, message: { type: 'patientWaiting', isWaiting: true } });
  return { room, effects };
}

/** The therapist lets the waiting patient in; without a patient present there is nobody to admit. */
export function admitToRoom(current: RoomState): { room: RoomState; effects: RoomEffect[] } {
  if (!current.patient || !current.therapist || current.isStarted) return { room: current, effects: [] };
  const room = { ...current, isAdmitted: true };
  return { room, effects: start(room) };
}

/** A party's connection closed: the other hears of it; the room stays for a return until both are gone. */
export function leaveRoom(current: RoomState, role: VideoRole, connection: string): Change {
  if (current[role] !== connection) return { room: current, effects: [] };
  const room = { ...current, [role]: null };
  const effects = peerGone(room, role);
  return { room: room.therapist || room.patient ? room : null, effects };
}

/** Hang-up by either party, or the appointment was cancelled: both are told and the room closes. */
export function endRoom(current: RoomState, reason: EndReason): Change {
  const effects: RoomEffect[] = [];
  for (const connection of [current.therapist, current.patient]) {
    if (connection)
      effects.push({ to: connection, message: { type: 'ended', reason } }, { to: connection, close: NORMAL_CLOSURE });
  }
  return { room: null, effects };
}

/** The connection a signal from this one goes to, once both were told to start (never before admission). */
export function relayTarget(room: RoomState | null, role: VideoRole, connection: string): string | null {
  if (!room?.isStarted || room[role] !== connection) return null;
  return room[otherRole(role)];
}

function start(room: RoomState): RoomEffect[] {
  room.isStarted = true;
  const effects: RoomEffect[] = [];
  if (room.therapist) effects.push({ to: room.therapist, message: { type: 'start', isOfferer: true } });
  if (room.patient) effects.push({ to: room.patient, message: { type: 'start', isOfferer: false } });
  return effects;
}

/** Changes the room (isStarted) and says what the remaining party hears. */
function peerGone(room: RoomState, role: VideoRole): RoomEffect[] {
  const remaining = room[otherRole(role)];
  if (room.isStarted) {
    room.isStarted = false;
    return remaining ? [{ to: remaining, message: { type: 'peerLeft' } }] : [];
  }
  if (role === 'patient' && remaining)
    return [{ to: remaining, message: { type: 'patientWaiting', isWaiting: false } }];
  return [];
}

const otherRole = (role: VideoRole): VideoRole => (role === 'therapist' ? 'patient' : 'therapist');
