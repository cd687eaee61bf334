import pg from 'pg';

/** How long to wait before connecting again after the listening connection was lost. */
const RECONNECT_DELAY_MS = 1_000;

export type NotificationListener = { close: () => Promise<void> };

/**
 * LISTENs on one PostgreSQL channel over a connection of its own (a pooled one would be handed to other work). A lost
 * connection is opened again after a second; notifications sent meanwhile are lost, as NOTIFY keeps none for absent
 * listeners. Its application_name tells other processes that this one is alive.
 */
export async function listenForNotifications(options: {
  connectionString: string;
  channel: string;
  /** Shown in pg_stat_activity for as long as the listener is connected. */
  applicationName: string;
  onNotification: (payload: string) => void;
  /** After each LISTEN, the first and those after a lost connection (notifications meanwhile were lost). */
  onListening?: () => void;
  onConnectionError: (error: Error) => void;
}): Promise<NotificationListener> {
  let client: pg.Client | null = null;
  let isClosed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName,
    });
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload !== undefined) options.onNotification(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the listening connection ended')));
    await next.connect();
    await next.query(`LISTEN "${options.channel}"`);
    client = next;
    options.onListening?.();
  }

  function lost(which: pg.Client, error: Error): void {
    if (isClosed || client !== which) return;
    client = null;
    options.onConnectionError(error);
    which.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    reconnectTimer = setTimeout(() => {
      connect().catch((error: unknown) => {
        options.onConnectionError(error instanceof Error ? error : new Error(String(error)));
        if (!isClosed) scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
  }

  await connect();
  return {
    async close() {
      isClosed = true;
      clearTimeout(reconnectTimer);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
