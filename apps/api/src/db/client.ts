import { accessSync, constants, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { loadPostalCodes } from './postal-codes.js';
import { PROCESS_ID } from './process-id.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The database or an open transaction: repository functions accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when the embedded database had no tables before this start (drives the demo seed). */
  isNew: boolean;
  close: () => Promise<void>;
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
};

/** Opens PostgreSQL when a URL is given, otherwise PGlite (in DATA_DIR, or in memory for tests), and migrates. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
    const pool = createPool(options.databaseUrl, timeouts, options.onConnectionError ?? (() => undefined));
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    try {
      const isNew = await migratePostgres(options.databaseUrl, timeouts, () => hasNoTables(db));
      return { db, kind: 'postgres', isNew, close: () => pool.end() };
    } catch (error) {
      await pool.end();
      throw error;
    }
  }
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // PGlite reports a read-only directory only deep inside its start; asking first gives a plain EACCES/EROFS.
    accessSync(options.dataDir, constants.W_OK);
  }
  // The extensions the hand-written migrations create (0002_extensions.sql); PGlite needs them at construction.
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.initialData,
    extensions: { btree_gist, cube, earthdistance },
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const isNew = await hasNoTables(db);
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  await loadPostalCodes(db);
  return { db, kind: 'pglite', isNew, close: () => client.close() };
}

/** A migrated embedded database with the postal codes, as a dump for `initialData`; `prepare` may add to it first. */
export async function dumpPgliteTemplate(prepare?: (handle: DatabaseHandle) => Promise<void>): Promise<Blob> {
  const handle = await openDatabase({});
  try {
    await prepare?.(handle);
    return await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

/** Migrates on a connection of its own: it may hold the lock and run longer than a request, within migrationMs. */
async function migratePostgres(
  connectionString: string,
  timeouts: DatabaseTimeouts,
  isEmpty: () => Promise<boolean>,
): Promise<boolean> {
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
    const isNew = await isEmpty();
    const migrationDb = drizzleNodePg({ client, schema });
    await migrateNodePg(migrationDb, { migrationsFolder });
    // Under the lock, so that one node loads the points while the others wait.
    await loadPostalCodes(migrationDb as unknown as Database);
    return isNew;
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
