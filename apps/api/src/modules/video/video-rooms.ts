import type { ServerMessage, SignalPayload, VideoRole } from '@praxia/shared/video/protocol';

/** One connected party as the rooms see it: what it is sent, and how its connection is closed. */
export type Party = {
  role: VideoRole;
  send: (message: ServerMessage) => void;
  /** Closes the connection (after the messages already sent). */
  close: (code: number) => void;
};

type Room = {
  therapist?: Party;
  patient?: Party;
  /** The therapist let the patient in; a patient who drops and returns is let in again without asking. */
  isAdmitted: boolean;
  /** Both were told to start: signals flow between them. */
  isStarted: boolean;
};

export type EndReason = Extract<ServerMessage, { type: 'ended' }>['reason'];

const NORMAL_CLOSURE = 1000;
/** WebSocket close code for an application-level refusal (4000–4999 are ours). */
export const REPLACED_CLOSE = 4001;

/**
 * The signalling rooms, one per appointment with at most its two parties: the therapist and the patient. Kept in the
 * memory of this process (see README: one app process serves the signalling). A second connection of the same role
 * replaces the first (a reload, a phone that switched networks and left a half-open connection behind); the older one
 * is told `replaced` and closed.
 */
export class VideoRooms {
  private readonly rooms = new Map<number, Room>();

  /**
   * The patient was admitted and someone is still connected: the call may run over the appointment's end and a
   * dropped party may come back.
   */
  isInCall(appointmentId: number): boolean {
    return this.rooms.get(appointmentId)?.isAdmitted === true;
  }

  join(appointmentId: number, party: Party): void {
    const room = this.rooms.get(appointmentId) ?? { isAdmitted: false, isStarted: false };
    this.rooms.set(appointmentId, room);
    const previous = room[party.role];
    if (previous) {
      room[party.role] = undefined;
      previous.send({ type: 'error', code: 'replaced' });
      previous.close(REPLACED_CLOSE);
      this.peerGone(room, party.role);
    }
    room[party.role] = party;
    party.send({ type: 'joined', role: party.role });
    const { therapist, patient } = room;
    if (!patient) return;
    if (therapist && room.isAdmitted) {
      this.start(room);
      return;
    }
    patient.send({ type: 'waiting' });
    therapist?.send({ type: 'patientWaiting', isWaiting: true });
  }

  /** The therapist lets the waiting patient in; without a patient present there is nobody to admit. */
  admit(appointmentId: number): void {
    const room = this.rooms.get(appointmentId);
    if (!room?.patient || !room.therapist || room.isStarted) return;
    room.isAdmitted = true;
    this.start(room);
  }

  /** Relays WebRTC signalling to the other party, once both were told to start (never before admission). */
  relay(appointmentId: number, from: Party, payload: SignalPayload): void {
    const room = this.rooms.get(appointmentId);
    if (!room?.isStarted || room[from.role] !== from) return;
    room[other(from.role)]?.send({ type: 'signal', payload });
  }

  /** A party's connection closed: the other hears of it; the room stays for a return until both are gone. */
  leave(appointmentId: number, party: Party): void {
    const room = this.rooms.get(appointmentId);
    if (!room || room[party.role] !== party) return;
    room[party.role] = undefined;
    this.peerGone(room, party.role);
    if (!room.therapist && !room.patient) this.rooms.delete(appointmentId);
  }

  /** Hang-up by either party, or the appointment was cancelled: both are told and the room closes. */
  end(appointmentId: number, reason: EndReason): void {
    const room = this.rooms.get(appointmentId);
    if (!room) return;
    this.rooms.delete(appointmentId);
    for (const party of [room.therapist, room.patient]) {
      party?.send({ type: 'ended', reason });
      party?.close(NORMAL_CLOSURE);
    }
  }

  /** Whether the party is still the one connected for its role (not replaced, not ended). */
  isCurrent(appointmentId: number, party: Party): boolean {
    return this.rooms.get(appointmentId)?.[party.role] === party;
  }

  private start(room: Room): void {
    room.isStarted = true;
    room.therapist?.send({ type: 'start', isOfferer: true });
    room.patient?.send({ type: 'start', isOfferer: false });
  }

  private peerGone(room: Room, role: VideoRole): void {
    const remaining = room[other(role)];
    if (room.isStarted) {
      room.isStarted = false;
      remaining?.send({ type: 'peerLeft' });
    } else if (role === 'patient') {
      remaining?.send({ type: 'patientWaiting', isWaiting: false });
    }
  }
}

const other = (role: VideoRole): VideoRole => (role === 'therapist' ? 'patient' : 'therapist');
