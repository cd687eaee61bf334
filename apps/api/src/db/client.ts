import { accessSync, constants, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_EMBEDDED_QUEUE_LIMITS, type EmbeddedQueueLimits } from './embedded-queue.js';
import { PgliteThread } from './pglite-thread.js';
import { loadPostalCodes } from './postal-codes.js';
import { PROCESS_ID } from './process-id.js';
import { APP_ROLE, currentRowScope, ROW_SCOPE_SETTING, type RowScope, rowScopeSetting } from './row-scope.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The database or an open transaction: repository functions accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type DatabaseHandle = {
  /** Every query runs as the app's role with the row scope of the work that issued it (row-scope.ts). */
  db: Database;
  /** The same database with the system scope on every query: for fixtures, scripts and benchmarks outside the app. */
  systemDb: Database;
  /** As the tables' owner, outside row-level security: for tests of what the database refuses even its owner. */
  ownerDb: Database;
  kind: 'pglite' | 'postgres';
  /** True when the embedded database had no tables before this start (drives the demo seed). */
  isNew: boolean;
  close: () => Promise<void>;
  /**
   * Runs the work while holding a PostgreSQL advisory lock on a connection of its own: of several processes starting
   * at once, one works while the others wait, then find the work done. PGlite has one process and needs no lock.
   */
  withAdvisoryLock: <T>(lockId: number, work: () => Promise<T>) => Promise<T>;
  /** The connection string (PostgreSQL), for connections that must stay open on their own, such as a LISTEN. */
  connectionString?: string;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Arbitrary constant: several app nodes starting at once migrate one after another.
const MIGRATION_LOCK_ID = 727_001;

/** Bounds on every PostgreSQL connection, so a locked row or a silent server gives an error in seconds, not a hang. */
export type DatabaseTimeouts = {
  connectMs: number;
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  /** The migration at start-up may take longer than a request, but not forever. */
  migrationMs: number;
};

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 10_000,
  lockMs: 5_000,
  idleInTransactionMs: 30_000,
  migrationMs: 300_000,
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  timeouts?: Partial<DatabaseTimeouts>;
  /** Where connection losses are reported; they are expected while the database restarts. */
  onConnectionError?: (error: Error) => void;
  /**
   * PGlite only: start from this dump of an already migrated database (`dumpPgliteTemplate`) instead of an empty one.
   * The test suites make one per run: migrating and loading the postal codes cost seconds per test file.
   */
  initialData?: Blob;
  /** PGlite only: how many statements may wait for the database thread, and how long (then 503). */
  embeddedQueue?: Partial<EmbeddedQueueLimits>;
};

/** Opens PostgreSQL when a URL is given, otherwise PGlite (in DATA_DIR, or in memory for tests), and migrates. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
    const isNew = await migratePostgres(options.databaseUrl, timeouts);
    const pool = createPool(options.databaseUrl, timeouts, options.onConnectionError ?? (() => undefined));
    const poolDb = (stateOf: () => ConnectionState) =>
      drizzleNodePg({ client: new ScopedPool(pool, stateOf) as unknown as pg.Pool, schema }) as unknown as Database;
    return {
      db: poolDb(scopeState(currentRowScope)),
      systemDb: poolDb(scopeState(() => 'system')),
      ownerDb: poolDb(ownerState),
      kind: 'postgres',
      isNew,
      close: () => pool.end(),
      withAdvisoryLock: (lockId, work) => withPostgresAdvisoryLock(options.databaseUrl ?? '', timeouts, lockId, work),
      connectionString: options.databaseUrl,
    };
  }
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // PGlite reports a read-only directory only deep inside its start; asking first gives a plain EACCES/EROFS.
    accessSync(options.dataDir, constants.W_OK);
  }
  // PGlite's WASM runs synchronously; in a thread of its own it no longer stops every request while it works.
  const thread = await PgliteThread.start({
    dataDir: options.dataDir,
    initialData: options.initialData,
    limits: { ...DEFAULT_EMBEDDED_QUEUE_LIMITS, ...options.embeddedQueue },
  });
  // Migrations and the postal codes run as the database's owner, before any scope exists. Drizzle's pglite driver
  // needs only query and transaction, which the thread offers with PGlite's signatures.
  const ownerDb = drizzlePglite({ client: thread as unknown as PGlite, schema }) as unknown as Database;
  try {
    const isNew = await hasNoTables(ownerDb);
    await migratePglite(drizzlePglite({ client: thread as unknown as PGlite, schema }), { migrationsFolder });
    await loadPostalCodes(ownerDb);
    // Each statement and transaction of the app sets the role and its scope for itself, in the thread: work of two
    // scopes interleaving on the one connection never sees the other's setting, and the connection stays the owner's.
    const scopedDb = (scopeOf: () => RowScope) =>
      drizzlePglite({
        client: thread.scoped(() => ({
          sql: APPLY_SCOPE_LOCAL_SQL,
          params: [rowScopeSetting(scopeOf())],
        })) as unknown as PGlite,
        schema,
      }) as unknown as Database;
    return {
      db: scopedDb(currentRowScope),
      systemDb: scopedDb(() => 'system'),
      ownerDb,
      kind: 'pglite',
      isNew,
      close: () => thread.close(),
      withAdvisoryLock: (_lockId, work) => work(),
    };
  } catch (error) {
    await thread.close().catch(() => undefined);
    throw error;
  }
}

/** Sets the app's role and the row scope for the rest of a session (PostgreSQL: each time a connection is taken). */
const APPLY_SCOPE_SQL = `SELECT set_config('role', '${APP_ROLE}', false), set_config('${ROW_SCOPE_SETTING}', $1, false)`;
/** The same for one transaction (PGlite: its single connection is shared by all work, one transaction at a time). */
const APPLY_SCOPE_LOCAL_SQL = `SELECT set_config('role', '${APP_ROLE}', true), set_config('${ROW_SCOPE_SETTING}', $1, true)`;

/** What a connection must be set to for the work asking: `key` names the state, `apply` sets it. */
type ConnectionState = { key: string; apply: (client: pg.PoolClient) => Promise<unknown> };

/** The app's role and the scope of the work asking, for as long as the connection is taken. */
const scopeState = (scopeOf: () => RowScope) => (): ConnectionState => {
  const setting = rowScopeSetting(scopeOf());
  return { key: `app:${setting}`, apply: (client) => client.query(APPLY_SCOPE_SQL, [setting]) };
};
const ownerState = (): ConnectionState => ({ key: 'owner', apply: (client) => client.query('RESET ROLE') });

/**
 * The state each pooled connection was last set to. Settings made outside a transaction stay with the connection, so
 * a connection taken again for the same practice needs no extra round trip.
 */
const connectionStates = new WeakMap<pg.PoolClient, string>();

/**
 * The pool as Drizzle sees it: every connection taken for a query or a transaction is first set to the state of the
 * work asking (role and scope). Its name contains "Pool" because Drizzle recognises pools by it and then opens
 * transactions on a connection of their own.
 */
class ScopedPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly stateOf: () => ConnectionState,
  ) {}

  async connect(): Promise<pg.PoolClient> {
    const state = this.stateOf();
    const client = await this.pool.connect();
    if (connectionStates.get(client) === state.key) return client;
    try {
      connectionStates.delete(client);
      await state.apply(client);
      connectionStates.set(client, state.key);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  }

  async query(...args: Parameters<pg.PoolClient['query']>): Promise<unknown> {
    const client = await this.connect();
    try {
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      // As pg's own pool.query does: a connection that failed a query is not handed out again.
      client.release(error as Error);
      throw error;
    }
  }
}

/** A migrated embedded database with the postal codes, as a dump for `initialData`; `prepare` may add to it first. */
export async function dumpPgliteTemplate(prepare?: (handle: DatabaseHandle) => Promise<void>): Promise<Blob> {
  const handle = await openDatabase({});
  try {
    await prepare?.(handle);
    return await (handle.ownerDb as unknown as { $client: PgliteThread }).$client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

/** Migrates on a connection of its own: it may hold the lock and run longer than a request, within migrationMs. */
async function migratePostgres(connectionString: string, timeouts: DatabaseTimeouts): Promise<boolean> {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.migrationMs + 2_000,
    options: `-c statement_timeout=${timeouts.migrationMs} -c lock_timeout=${timeouts.migrationMs}`,
  });
  // Errors also reach the pending query; the listener only keeps a dropped connection from crashing the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const migrationDb = drizzleNodePg({ client, schema });
    const isNew = await hasNoTables(migrationDb as unknown as Database);
    await migrateNodePg(migrationDb, { migrationsFolder });
    // Under the lock, so that one node loads the points while the others wait.
    await loadPostalCodes(migrationDb as unknown as Database);
    return isNew;
  } finally {
    // Ending the session releases the advisory lock too.
    await client.end().catch(() => undefined);
  }
}

async function withPostgresAdvisoryLock<T>(
  connectionString: string,
  timeouts: DatabaseTimeouts,
  lockId: number,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    connectionString,
    application_name: PROCESS_ID,
    connectionTimeoutMillis: timeouts.connectMs,
    // Waiting for the lock is waiting for another process's start-up work: as long as a migration may take.
    options: `-c lock_timeout=${timeouts.migrationMs} -c statement_timeout=${timeouts.migrationMs}`,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockId]);
    return await work();
  } finally {
    // Ending the session releases the advisory lock too.
    await client.end().catch(() => undefined);
  }
}

/**
 * A pool whose connections carry the timeouts from their first packet. A connection the server drops (restart,
 * pg_terminate_backend) emits 'error'; without listeners that would crash the process, so it is reported instead and
 * the pool opens a new connection for the next query.
 */
function createPool(connectionString: string, timeouts: DatabaseTimeouts, onError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    application_name: PROCESS_ID,
    connectionTimeoutMillis: timeouts.connectMs,
    // A server that accepts the connection but never answers: give up a little after its own timeout would.
    query_timeout: timeouts.statementMs + 2_000,
    options: [
      `-c statement_timeout=${timeouts.statementMs}`,
      `-c lock_timeout=${timeouts.lockMs}`,
      `-c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`,
    ].join(' '),
  });
  pool.on('error', onError);
  // Idle clients report through the pool; a checked-out client (in a transaction) needs its own listener.
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function hasNoTables(db: Database): Promise<boolean> {
  const rows = await queryRows<{ missing: boolean }>(db, sql`SELECT to_regclass('public.users') IS NULL AS "missing"`);
  return Boolean(rows[0]?.missing);
}
