import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { EmbeddedQueue, type EmbeddedQueueLimits } from './embedded-queue.js';

/**
 * PGlite in a worker thread (pglite-worker.js), with the part of PGlite's interface that drizzle's pglite driver and
 * the app use: query, exec, transaction, dumpDataDir, close. PGlite's own PGliteWorker needs browser Web Workers and
 * navigator.locks, which Node 20 lacks, hence this small bridge. Values cross the thread by structured clone (Date,
 * Uint8Array, BigInt and plain objects survive); the caller's parsers, being functions, run here on the raw text.
 */
export type PgliteThreadOptions = { dataDir?: string; initialData?: Blob; limits: EmbeddedQueueLimits };

/** A statement the thread runs first, in the same transaction, before each statement or transaction of a view. */
export type Prelude = { sql: string; params: unknown[] };

type Reply = { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> & { message: string } };
type Call = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** An error of the database thread, rebuilt with its plain fields (SQLSTATE `code`, `constraint`, `detail`…). */
export class EmbeddedDatabaseError extends Error {
  constructor(fields: Record<string, unknown> & { message: string }) {
    super(fields.message);
    Object.assign(this, fields);
  }
}

const workerUrl = new URL('./pglite-worker.js', import.meta.url);

export class PgliteThread {
  readonly #worker: Worker;
  readonly #queue: EmbeddedQueue;
  readonly #calls = new Map<number, Call>();
  #lastId = 0;
  /** Why statements are refused from now on: the thread stopped or the database was closed. */
  #stopped: Error | undefined;
  readonly ready: Promise<void>;

  private constructor(options: PgliteThreadOptions, initialData: ArrayBuffer | undefined) {
    this.#worker = new Worker(workerUrl, {
      workerData: { dataDir: options.dataDir, initialData },
      transferList: initialData ? [initialData] : [],
    });
    // An idle database thread does not keep the process alive, as an in-thread PGlite did not.
    this.#queue = new EmbeddedQueue(options.limits, (busy) => (busy ? this.#worker.ref() : this.#worker.unref()));
    this.ready = new Promise((resolve, reject) => {
      this.#calls.set(0, { resolve: () => resolve(), reject });
    });
    this.#worker.on('message', (reply: Reply) => this.#answer(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`the database thread exited with code ${code}`)));
  }

  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options, await options.initialData?.arrayBuffer());
    try {
      await thread.ready;
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  /**
   * The database as seen by work that sets something for itself first (db/row-scope.ts: the role and the scope): each
   * statement runs in a transaction of its own after the prelude, each transaction starts with it, in one message.
   */
  scoped(prelude: () => Prelude): Pick<PgliteThread, 'query' | 'transaction'> {
    return {
      query: <T>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#query<T>(sql, params, options, undefined, prelude()),
      transaction: <T>(callback: (tx: Transaction) => Promise<T>) => this.transaction(callback, prelude()),
    };
  }

  async exec(sql: string): Promise<Results[]> {
    return (await this.#call('exec', { sql })) as Results[];
  }

  /** Runs `callback` in one transaction: commits when it returns, rolls back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>, prelude?: Prelude): Promise<T> {
    const transactionId = (await this.#call('begin', { prelude }, { opens: true })) as number;
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#query<R>(sql, params ?? [], options, transactionId),
      exec: async (sql: string) =>
        (await this.#call('exec', { sql, transactionId }, { inTransaction: true })) as Results[],
      rollback: async () => {
        closed = true;
        await this.#call('rollback', { transactionId }, { inTransaction: true, closes: true });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // The callback's error is the one to report; a failing ROLLBACK means the thread is gone, which the next
      // statement reports on its own.
      if (!closed) {
        await this.#call('rollback', { transactionId }, { inTransaction: true, closes: true }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) await this.#call('commit', { transactionId }, { inTransaction: true, closes: true });
    return result;
  }

  async dumpDataDir(_compression: 'none'): Promise<Blob> {
    return new Blob([(await this.#call('dump', {})) as ArrayBuffer]);
  }

  /**
   * Closes the database after the statements already waiting, then ends the thread. Should the close be refused (a
   * transaction that never ends holds the queue), the thread is ended all the same and the refusal reported: the
   * data directory then recovers on the next start, as after a crash.
   */
  async close(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#call('close', {});
    } finally {
      this.#stopped ??= Object.assign(new Error('The embedded database is closed.'), { code: '57P01' });
      await this.#worker.terminate();
    }
  }

  async #query<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    transactionId?: number,
    prelude?: Prelude,
  ): Promise<Results<T>> {
    const parsers = options?.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const payload = { sql, params, rowMode: options?.rowMode ?? 'object', rawTypes, transactionId, prelude };
    const result = (await this.#call('query', payload, { inTransaction: transactionId !== undefined })) as Results<T>;
    if (rawTypes.length > 0) applyParsers(result, parsers);
    return result;
  }

  #call(
    op: string,
    payload: Record<string, unknown>,
    role: { inTransaction?: boolean; opens?: boolean; closes?: boolean } = {},
  ): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise((resolve, reject) => {
      const start = (done: () => void) => {
        if (this.#stopped) {
          reject(this.#stopped);
          done();
          return;
        }
        const id = ++this.#lastId;
        if (role.opens) this.#queue.setInTransaction(true);
        const settle = (ok: boolean) => {
          // A failed BEGIN opened nothing; COMMIT and ROLLBACK end the transaction even when they fail.
          if ((role.opens && !ok) || role.closes) this.#queue.setInTransaction(false);
          done();
        };
        this.#calls.set(id, {
          resolve: (value) => {
            settle(true);
            resolve(value);
          },
          reject: (error) => {
            settle(false);
            reject(error);
          },
        });
        this.#worker.postMessage({ id, op, ...payload });
      };
      this.#queue.enqueue(start, reject, role.inTransaction);
    });
  }

  #answer(reply: Reply): void {
    const call = this.#calls.get(reply.id);
    if (!call) return;
    this.#calls.delete(reply.id);
    if (reply.ok) call.resolve(reply.result);
    else call.reject(new EmbeddedDatabaseError(reply.error ?? { message: 'unknown error' }));
  }

  /** The thread is gone (crashed or ended): every waiting and later statement fails as "unavailable" (503). */
  #stop(cause: Error): void {
    this.#stopped ??= Object.assign(new Error(`The embedded database stopped: ${cause.message}`, { cause }), {
      code: '57P02',
    });
    for (const call of this.#calls.values()) call.reject(this.#stopped);
    this.#calls.clear();
    this.#queue.refuseAll(this.#stopped);
  }
}

/** Runs the caller's parsers (drizzle's keep dates and intervals as text) on the values the thread left raw. */
function applyParsers(result: Results<unknown>, parsers: NonNullable<QueryOptions['parsers']>): void {
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = Array.isArray(result.rows[0]) ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value);
    }
  });
}
