import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The order in which the embedded database's statements run. PGlite runs one statement at a time; the queue in front
 * of it decides which goes next: the open transaction's own statements first (it holds the database), then urgent
 * work (health checks, the public booking widget), then the rest in arrival order. It is bounded, so that a flood
 * is told "busy, try again" (503 with Retry-After) instead of waiting for minutes.
 */
export type EmbeddedQueueLimits = {
  /** Statements that may wait at once; one more is refused at once. */
  maxWaiting: number;
  /** How long a statement may wait for its turn before it is refused. */
  maxWaitMs: number;
};

export const DEFAULT_EMBEDDED_QUEUE_LIMITS: EmbeddedQueueLimits = { maxWaiting: 1_000, maxWaitMs: 10_000 };

/**
 * The database cannot take this statement now. SQLSTATE class 53 (insufficient resources): isDatabaseUnavailable
 * turns it into 503 with Retry-After, as PostgreSQL's "too many connections" is.
 */
export class EmbeddedDatabaseBusyError extends Error {
  readonly code = '53000';
  override readonly name = 'EmbeddedDatabaseBusyError';
}

const urgency = new AsyncLocalStorage<boolean>();

/** Runs `work` with its embedded-database statements ahead of ordinary ones (no effect on PostgreSQL). */
export function withUrgentDatabaseAccess<T>(work: () => Promise<T>): Promise<T> {
  return urgency.run(true, work);
}

type Job = { start: () => void; refuse: (error: Error) => void; timer?: NodeJS.Timeout };

export class EmbeddedQueue {
  readonly #transaction: Job[] = [];
  readonly #urgent: Job[] = [];
  readonly #normal: Job[] = [];
  #running = false;
  /** Set from BEGIN sent until COMMIT/ROLLBACK answered: only that transaction's statements may run meanwhile. */
  #inTransaction = false;

  constructor(
    private readonly limits: EmbeddedQueueLimits,
    private readonly onBusyChange: (busy: boolean) => void,
  ) {}

  /**
   * Queues `start`, which sends one statement and must call `done()` once it is answered. `inTransaction` marks the
   * statements of the open transaction (never refused: refusing one would leave the transaction hanging).
   */
  enqueue(start: (done: () => void) => void, refuse: (error: Error) => void, inTransaction = false): void {
    const job: Job = { start: () => start(() => this.#finish()), refuse };
    const lane = inTransaction ? this.#transaction : urgency.getStore() ? this.#urgent : this.#normal;
    if (!inTransaction && this.waiting >= this.limits.maxWaiting) {
      refuse(new EmbeddedDatabaseBusyError(`The embedded database is busy: ${this.waiting} statements are waiting.`));
      return;
    }
    if (!inTransaction) {
      job.timer = setTimeout(() => {
        lane.splice(lane.indexOf(job), 1);
        this.#changed();
        refuse(
          new EmbeddedDatabaseBusyError(
            `The embedded database is busy: a statement waited ${this.limits.maxWaitMs} ms for its turn.`,
          ),
        );
      }, this.limits.maxWaitMs);
    }
    lane.push(job);
    this.#next();
  }

  /** Marks that a transaction opens (its BEGIN is the job being started) or has ended. */
  setInTransaction(open: boolean): void {
    this.#inTransaction = open;
  }

  get waiting(): number {
    return this.#transaction.length + this.#urgent.length + this.#normal.length;
  }

  /** Refuses everything still waiting, e.g. because the database thread has stopped. */
  refuseAll(error: Error): void {
    for (const lane of [this.#transaction, this.#urgent, this.#normal]) {
      for (const job of lane.splice(0)) {
        clearTimeout(job.timer);
        job.refuse(error);
      }
    }
    this.#changed();
  }

  #next(): void {
    if (this.#running) return;
    const lane = this.#inTransaction
      ? this.#transaction
      : [this.#transaction, this.#urgent, this.#normal].find((queue) => queue.length > 0);
    const job = lane?.shift();
    if (!job) {
      this.#changed();
      return;
    }
    clearTimeout(job.timer);
    this.#running = true;
    this.#changed();
    job.start();
  }

  #finish(): void {
    this.#running = false;
    this.#next();
  }

  #changed(): void {
    this.onBusyChange(this.#running || this.waiting > 0);
  }
}
