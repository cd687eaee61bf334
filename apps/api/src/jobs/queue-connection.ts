import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor, SqlResult } from './sql-executor.js';

const REPORT_EVERY_MS = 60_000;
const NOTHING: SqlResult = { rows: [] };
/** pg-boss's job commands (complete, fail, cancel, …) end so, and it reads their one row's count of changed jobs. */
const JOB_COMMAND = /SELECT COUNT\(\*\) FROM results\s*$/i;
const NO_JOB_CHANGED: SqlResult = { rows: [{ count: '0' }] };
const nothingFor = (text: string) => (JOB_COMMAND.test(text) ? NO_JOB_CHANGED : NOTHING);

/**
 * The queue's way to the database, in three phases. While starting, errors reach the caller (a start that cannot
 * create the schema or the schedules fails the app's start). While running, an error is logged and answered with no
 * rows: pg-boss fires some statements without awaiting them (marking a job done or failed), and a rejection there
 * would crash the process during a database outage; its polling simply tries again. Once stopped, nothing reaches
 * the database any more, which may be closed right after. A job command then answers that it changed no job, since
 * pg-boss reads that answer's row.
 */
export class QueueConnection implements SqlExecutor {
  #phase: 'starting' | 'running' | 'stopped' = 'starting';
  #inFlight = new Set<Promise<SqlResult>>();
  #lastReportAt = 0;

  constructor(
    private readonly database: SqlExecutor,
    private readonly log: FastifyBaseLogger,
  ) {}

  executeSql = async (text: string, values?: unknown[]): Promise<SqlResult> => {
    if (this.#phase === 'stopped') return nothingFor(text);
    const query = this.database.executeSql(text, values);
    this.#inFlight.add(query);
    try {
      return await query;
    } catch (error) {
      if (this.#phase === 'starting') throw error;
      this.report(error);
      return nothingFor(text);
    } finally {
      this.#inFlight.delete(query);
    }
  };

  /** Database trouble is reported once a minute, not by each of the workers' polls. */
  report(error: unknown): void {
    const now = Date.now();
    if (now - this.#lastReportAt < REPORT_EVERY_MS) return;
    this.#lastReportAt = now;
    this.log.warn({ err: error }, 'job queue: database error (retrying)');
  }

  started(): void {
    this.#phase = 'running';
  }

  /** Lets the statements already sent finish, so the database can be closed after this. */
  async stop(): Promise<void> {
    this.#phase = 'stopped';
    await Promise.allSettled([...this.#inFlight]);
  }
}
