import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/client.js';

export type SqlResult = { rows: unknown[] };

/** What pg-boss runs its SQL through (its `db` option): the app's own connections instead of a pool of its own. */
export type SqlExecutor = {
  executeSql: (text: string, values?: unknown[]) => Promise<SqlResult>;
};

/**
 * pg-boss sends two kinds of SQL: single statements with parameters, and scripts without parameters (its schema
 * creation, migrations and maintenance), several statements wrapped in their own BEGIN … COMMIT. A script that fails
 * half-way leaves its connection inside an aborted transaction; this executor never lets such a connection be used
 * again, since the app's own queries share it.
 */
export function sqlExecutorFor(database: DatabaseHandle): SqlExecutor {
  // The queue's own schema is the owner's: it creates and migrates it, and its tables hold no practice's rows.
  const client = (database.ownerDb as unknown as { $client: PGlite | pg.Pool }).$client;
  return database.kind === 'postgres' ? poolExecutor(client as pg.Pool) : pgliteExecutor(client as PGlite);
}

function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values?.length) return pool.query(text, values);
      const connection = await pool.connect();
      try {
        const result = (await connection.query(text)) as SqlResult | SqlResult[];
        connection.release();
        return lastResult(result);
      } catch (error) {
        // Destroyed rather than returned: it may sit in the script's aborted transaction.
        connection.release(error instanceof Error ? error : true);
        throw error;
      }
    },
  };
}

function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      // PGlite is one connection. Inside transaction() it rolls back when the script fails (the script's own BEGIN and
      // COMMIT only draw warnings there), and no query of the app can slip in between its statements.
      return client.transaction(async (tx) => lastResult(await tx.exec(text)));
    },
  };
}

/** A script answers with one result per statement; pg-boss reads the rows of its single statements. */
function lastResult(result: SqlResult | SqlResult[]): SqlResult {
  if (!Array.isArray(result)) return result;
  return result.findLast((entry) => entry.rows.length > 0) ?? { rows: [] };
}
