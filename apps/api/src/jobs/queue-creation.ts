import type PgBoss from 'pg-boss';
import type { SqlExecutor } from './sql-executor.js';

const DEADLOCK = '40P01';
/** pg-boss's own queue that turns due schedules into jobs; it creates it at start without guarding against a race. */
export const SCHEDULE_QUEUE = '__pgboss__send-it';
/** Arbitrary constant: the advisory lock under which processes create queues one after another. */
const CREATE_QUEUE_LOCK_ID = 727_002;

/**
 * Creates a job's queue (a table of its own) unless it exists. pg-boss's create_queue deadlocks when two processes
 * run it at the same moment (the first start of several on one database), so ours wait for each other on an advisory
 * lock; pg-boss's unguarded creation of its schedule queue can still meet one of them, and PostgreSQL then aborts one
 * side, which finds the queue on its next try or creates it alone.
 */
export async function createQueueOnce(connection: SqlExecutor, instance: PgBoss, name: string): Promise<void> {
  if (!/^[\w-]+$/.test(name)) throw new Error(`job name ${name}: letters, digits, _ and - only`);
  for (let attempt = 1; ; attempt++) {
    if (await instance.getQueue(name)) return;
    try {
      await connection.executeSql(`
        BEGIN;
        SET LOCAL lock_timeout = '30s';
        SELECT pg_advisory_xact_lock(${CREATE_QUEUE_LOCK_ID});
        SELECT pgboss.create_queue('${name}', '{"policy": "standard"}');
        COMMIT;`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= 5) throw error;
    }
  }
}
