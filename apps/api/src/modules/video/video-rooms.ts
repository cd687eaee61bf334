import type { SignalPayload } from '@praxia/shared/video/protocol';
import { sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../../db/client.js';
import {
  admitToRoom,
  EMPTY_ROOM,
  type EndReason,
  endRoom,
  joinRoom,
  leaveRoom,
  type RoomEffect,
  type RoomState,
  relayTarget,
} from './room-state.js';
import type { Party, SignalTransport } from './signal-transport.js';

/** Advisory-lock namespace of the rooms (the second key is the appointment id): one change of a room at a time. */
const ROOM_LOCK_NAMESPACE = 727_010;

type RoomRow = {
  therapist_connection: string | null;
  patient_connection: string | null;
  is_admitted: boolean;
  is_started: boolean;
};

/**
 * The signalling rooms, one per appointment with at most its two parties: the therapist and the patient. The rooms
 * live in the database, so the two parties meet whichever app process holds their sockets; each change of a room runs
 * under its lock (two joins at the same moment on two processes are ordered) and hands its messages to the transport
 * in the same transaction. A party whose process is gone counts as left.
 */
export class VideoRooms {
  private readonly connections = new Map<Party, string>();

  constructor(
    private readonly db: Database,
    private readonly transport: SignalTransport,
  ) {}

  /**
   * The patient was admitted and someone is still connected: the call may run over the appointment's end and a
   * dropped party may come back.
   */
  async isInCall(appointmentId: number): Promise<boolean> {
    const room = await this.read(this.db, appointmentId);
    if (!room?.isAdmitted) return false;
    const connections = present(room);
    const gone = await this.transport.goneConnections(this.db, connections);
    return connections.some((connection) => !gone.has(connection));
  }

  async join(appointmentId: number, party: Party): Promise<void> {
    const connection = this.transport.connect(party);
    this.connections.set(party, connection);
    await this.change(appointmentId, (room) => joinRoom(room, party.role, connection));
  }

  /** The therapist lets the waiting patient in; without a patient present there is nobody to admit. */
  async admit(appointmentId: number): Promise<void> {
    await this.change(appointmentId, admitToRoom);
  }

  /** Relays WebRTC signalling to the other party, once both were told to start (never before admission). */
  async relay(appointmentId: number, from: Party, payload: SignalPayload): Promise<void> {
    const connection = this.connections.get(from);
    if (!connection) return;
    const to = relayTarget(await this.read(this.db, appointmentId), from.role, connection);
    if (to) await this.transport.send(this.db, [{ to, message: { type: 'signal', payload } }]);
  }

  /** A party's connection closed: the other hears of it; the room stays for a return until both are gone. */
  async leave(appointmentId: number, party: Party): Promise<void> {
    const connection = this.connections.get(party);
    if (!connection) return;
    this.connections.delete(party);
    this.transport.disconnect(connection);
    await this.change(appointmentId, (room) => leaveRoom(room, party.role, connection));
  }

  /** Hang-up by either party, or the appointment was cancelled: both are told and the room closes. */
  async end(appointmentId: number, reason: EndReason): Promise<void> {
    await this.change(appointmentId, (room) => endRoom(room, reason));
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  private async change(
    appointmentId: number,
    apply: (room: RoomState) => { room: RoomState | null; effects: RoomEffect[] },
  ): Promise<void> {
    const effects = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROOM_LOCK_NAMESPACE}, ${appointmentId})`);
      let room: RoomState | null = (await this.read(tx, appointmentId)) ?? EMPTY_ROOM;
      const effects: RoomEffect[] = [];
      // Parties whose process went away (with its sockets) leave first, as their sockets' close would have done.
      for (const connection of await this.transport.goneConnections(tx, present(room))) {
        if (!room) break;
        const left = leaveRoom(room, connection === room.therapist ? 'therapist' : 'patient', connection);
        room = left.room;
        effects.push(...left.effects);
      }
      const changed = apply(room ?? EMPTY_ROOM);
      effects.push(...changed.effects);
      await this.save(tx, appointmentId, changed.room);
      await this.transport.sendInTransaction(tx, effects);
      return effects;
    });
    this.transport.sendAfterCommit(effects);
  }

  private async read(db: Executor, appointmentId: number): Promise<RoomState | null> {
    const [row] = await queryRows<RoomRow>(
      db,
      sql`SELECT therapist_connection, patient_connection, is_admitted, is_started
          FROM video_rooms WHERE appointment_id = ${appointmentId}`,
    );
    if (!row) return null;
    return {
      therapist: row.therapist_connection,
      patient: row.patient_connection,
      isAdmitted: row.is_admitted,
      isStarted: row.is_started,
    };
  }

  private async save(tx: Executor, appointmentId: number, room: RoomState | null): Promise<void> {
    if (!room || present(room).length === 0) {
      await tx.execute(sql`DELETE FROM video_rooms WHERE appointment_id = ${appointmentId}`);
      return;
    }
    await tx.execute(sql`INSERT INTO video_rooms AS room
        (appointment_id, therapist_connection, patient_connection, is_admitted, is_started)
      VALUES (${appointmentId}, ${room.therapist}, ${room.patient}, ${room.isAdmitted}, ${room.isStarted})
      ON CONFLICT (appointment_id) DO UPDATE SET
        therapist_connection = excluded.therapist_connection, patient_connection = excluded.patient_connection,
        is_admitted = excluded.is_admitted, is_started = excluded.is_started`);
  }
}

const present = (room: RoomState): string[] =>
  [room.therapist, room.patient].filter((connection): connection is string => connection !== null);
