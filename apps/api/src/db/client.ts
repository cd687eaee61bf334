import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string };

/** Opens PostgreSQL when a URL is given, otherwise PGlite (in DATA_DIR, or in memory for tests), and migrates. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    const client = await pool.connect();
    let isNew: boolean;
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      isNew = await hasNoTables(db);
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      client.release();
    }
    return { db, kind: 'postgres', isNew, close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const isNew = await hasNoTables(db);
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  return { db, kind: 'pglite', isNew, close: () => client.close() };
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
