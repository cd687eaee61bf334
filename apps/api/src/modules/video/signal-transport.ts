import { randomUUID } from 'node:crypto';
import type { ServerMessage, VideoRole } from '@praxia/shared/video/protocol';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, type Executor, queryRows } from '../../db/client.js';
import { listenForNotifications, type NotificationListener } from '../../db/notification-listener.js';
import type { RoomEffect } from './room-state.js';

/** One connected party as the rooms see it: what it is sent, and how its connection is closed. */
export type Party = {
  role: VideoRole;
  send: (message: ServerMessage) => void;
  /** Closes the connection (after the messages already sent). */
  close: (code: number) => void;
};

/**
 * Carries the rooms' messages to the connections, wherever they are: a connection id names the process holding the
 * socket. Room changes hand over their messages inside their transaction, so that on PostgreSQL they leave exactly
 * when the change commits and in commit order; on the embedded database (one process) they are delivered after it.
 */
export type SignalTransport = {
  /** Registers a socket of this process and returns the id the rooms know it by. */
  connect: (party: Party) => string;
  disconnect: (connection: string) => void;
  /** The connections among these whose process is gone (it stopped or died with sockets open). */
  goneConnections: (db: Executor, connections: string[]) => Promise<Set<string>>;
  sendInTransaction: (tx: Executor, effects: RoomEffect[]) => Promise<void>;
  sendAfterCommit: (effects: RoomEffect[]) => void;
  /** Sends at once (a relayed signal, outside any transaction). */
  send: (db: Executor, effects: RoomEffect[]) => Promise<void>;
  close: () => Promise<void>;
};

/** NOTIFY refuses payloads from 8000 bytes on; larger messages (SDP can be) wait in a table row the payload names. */
const NOTIFY_PAYLOAD_LIMIT = 7_900;

const instanceOf = (connection: string) => connection.slice(0, connection.lastIndexOf('#'));
/** The channel of one app instance: only the one holding a socket hears the messages for it. */
const channelOf = (processId: string) => `video_${processId.replace(/[^a-zA-Z0-9]/g, '_')}`;

/** What a notification carries: a message, a close, or the id of a stored message too large for the payload. */
type Delivery = { to: string; message?: ServerMessage; close?: number; stored?: string };

class LocalConnections {
  private readonly parties = new Map<string, Party>();
  private next = 0;

  constructor(readonly instanceId: string) {}

  connect(party: Party): string {
    this.next += 1;
    const connection = `${this.instanceId}#${this.next}`;
    this.parties.set(connection, party);
    return connection;
  }

  disconnect(connection: string): void {
    this.parties.delete(connection);
  }

  has(connection: string): boolean {
    return this.parties.has(connection);
  }

  deliver(effect: { to: string; message?: ServerMessage; close?: number }): void {
    const party = this.parties.get(effect.to);
    if (effect.message) party?.send(effect.message);
    if (effect.close !== undefined) party?.close(effect.close);
  }
}

/** The embedded database runs in this process only: every connection is local and messages need no database. */
function inProcessTransport(): SignalTransport {
  // Rooms a previous run left in the data directory name connections of another instance: gone, not this run's.
  const local = new LocalConnections(`local-${randomUUID()}`);
  const deliverAll = (effects: RoomEffect[]) => {
    for (const effect of effects) local.deliver(effect);
  };
  return {
    connect: (party) => local.connect(party),
    disconnect: (connection) => local.disconnect(connection),
    goneConnections: async (_db, connections) => new Set(connections.filter((id) => !local.has(id))),
    sendInTransaction: async () => undefined,
    sendAfterCommit: deliverAll,
    send: async (_db, effects) => deliverAll(effects),
    close: async () => undefined,
  };
}

/**
 * PostgreSQL: each process LISTENs on its own channel over a dedicated connection; a message for a socket is a
 * NOTIFY on its process's channel (also when that is this process, so that all messages keep commit order).
 */
async function postgresTransport(database: DatabaseHandle, onError: (error: Error) => void): Promise<SignalTransport> {
  // Names this app instance: its channel, its connections' ids, and its listening connection's application_name, by
  // which the others see that it is alive. (Not the process id: tests run two app instances in one process.)
  const local = new LocalConnections(`praxia-video-${randomUUID()}`);
  // Notifications are handled one after the other: one that names a stored message waits for its read, and the
  // next ones wait for it.
  let deliveries = Promise.resolve();
  const receive = (payload: string) => {
    deliveries = deliveries
      .then(async () => {
        const delivery = JSON.parse(payload) as Delivery;
        if (delivery.stored === undefined) return local.deliver(delivery);
        const [row] = await queryRows<{ body: string }>(
          database.systemDb,
          sql`DELETE FROM video_relay_messages WHERE id = ${delivery.stored} RETURNING body`,
        );
        if (row) local.deliver({ to: delivery.to, message: JSON.parse(row.body) as ServerMessage });
      })
      .catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))));
  };
  const connectionString = database.connectionString;
  if (!connectionString) throw new Error('a PostgreSQL database without its connection string');
  const listener: NotificationListener = await listenForNotifications({
    connectionString,
    channel: channelOf(local.instanceId),
    applicationName: local.instanceId,
    onNotification: receive,
    onConnectionError: onError,
  });

  async function notify(db: Executor, effect: RoomEffect): Promise<void> {
    const channel = channelOf(instanceOf(effect.to));
    const payload = JSON.stringify(effect);
    if (Buffer.byteLength(payload) <= NOTIFY_PAYLOAD_LIMIT) {
      await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
      return;
    }
    if (!('message' in effect)) throw new Error('a close without a message is never that large');
    await db.execute(sql`WITH stored AS (
        INSERT INTO video_relay_messages (body) VALUES (${JSON.stringify(effect.message)}) RETURNING id
      )
      SELECT pg_notify(${channel}, json_build_object('to', ${effect.to}::text, 'stored', id::text)::text) FROM stored`);
  }

  const sendAll = async (db: Executor, effects: RoomEffect[]) => {
    for (const effect of effects) await notify(db, effect);
  };
  return {
    connect: (party) => local.connect(party),
    disconnect: (connection) => local.disconnect(connection),
    async goneConnections(db, connections) {
      if (connections.length === 0) return new Set();
      const instances = [...new Set(connections.map(instanceOf))];
      const alive = await queryRows<{ name: string }>(
        db,
        sql`SELECT DISTINCT application_name AS name FROM pg_stat_activity
            WHERE application_name IN (${sql.join(
              instances.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      const isAlive = (connection: string) =>
        instanceOf(connection) === local.instanceId
          ? local.has(connection)
          : alive.some((row) => row.name === instanceOf(connection));
      return new Set(connections.filter((connection) => !isAlive(connection)));
    },
    sendInTransaction: sendAll,
    sendAfterCommit: () => undefined,
    send: sendAll,
    close: () => listener.close(),
  };
}

export function createSignalTransport(
  database: DatabaseHandle,
  onError: (error: Error) => void,
): Promise<SignalTransport> {
  return database.kind === 'postgres' ? postgresTransport(database, onError) : Promise.resolve(inProcessTransport());
}

/** Messages that a process never took (it died between the NOTIFY and the read) are deleted after a minute. */
export async function removeUndeliveredSignals(db: Executor): Promise<void> {
  await db.execute(sql`DELETE FROM video_relay_messages WHERE created_at < now() - interval '1 minute'`);
}
