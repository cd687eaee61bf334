import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import type { SystemScope } from '../../lib/scope.js';

/**
 * The audit log's partitions are made and dropped by functions of the database that run as the tables' owner
 * (migration 0026): the app's role owns nothing, and the database itself holds the legal minimum retention.
 */

/** Makes the month partitions of both classes from this month to `monthsAhead` months on; answers how many it made. */
export async function createAuditMonthsAhead(db: Executor, _scope: SystemScope, monthsAhead: number): Promise<number> {
  const [row] = await queryRows<{ made: number }>(db, sql`SELECT audit_log_prepare_months(${monthsAhead}) AS made`);
  return row?.made ?? 0;
}

/** Drops every month partition whose rows have all outlived their class's retention; answers their names. */
export async function dropExpiredAuditMonths(
  db: Executor,
  _scope: SystemScope,
  retention: { billingYears: number; readsYears: number },
): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM audit_log_drop_expired(${retention.billingYears}, ${retention.readsYears}) AS name`,
  );
  return rows.map((row) => row.name);
}
