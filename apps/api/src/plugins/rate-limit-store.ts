import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client.js';

type IncrementResult = { current: number; ttl: number };
type IncrementCallback = (error: Error | null, result?: IncrementResult) => void;
/** What the plugin really passes to `child`: the route's limit settings and the route (its types say otherwise). */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string }; countedIn?: 'process' };
type Store = {
  incr: (key: string, callback: IncrementCallback, timeWindowMs?: number) => void;
  child: (routeOptions: object) => Store;
};

/** The plugin's own store in this process's memory (an LRU of counts), for the limits marked `countedIn: 'process'`. */
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/**
 * @fastify/rate-limit's store interface, kept in PostgreSQL: every app process counts in the same rows, so N processes
 * allow together what one allows. Each route counts apart (its method and path prefix the key); the key itself is
 * stored only as a hash, since it names a client's address or an e-mail address.
 */
export class DatabaseRateLimitStore {
  constructor(
    private readonly db: Database,
    private readonly keyPrefix: string,
    private readonly namespace = '',
  ) {}

  // The plugin passes the route's window (in ms) as a third argument, which its type declarations leave out.
  incr(key: string, callback: IncrementCallback, timeWindowMs?: number): void {
    if (timeWindowMs === undefined) {
      callback(new Error('the rate-limit plugin passed no time window'));
      return;
    }
    countHit(this.db, `${this.keyPrefix}\n${this.namespace}\n${key}`, timeWindowMs).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: object): Store {
    // A limit against scraping public reads (the widget, the search) counts per process: a database write for every
    // page view would cost more than the view, and N processes allowing N times a scraper's budget harms no one.
    if ((routeOptions as ChildOptions).countedIn === 'process') return new LocalStore(false, false);
    // Limiters made with createRateLimit have no route: their keys name it themselves (rate-limits.ts).
    const { method = '', url = '' } = (routeOptions as ChildOptions).routeInfo ?? {};
    return new DatabaseRateLimitStore(this.db, this.keyPrefix, `${[method].flat().join(',')} ${url}`);
  }
}

/**
 * Counts one hit in the key's fixed window with a single atomic upsert: a window that has passed starts again at 1.
 * Returns the count and the milliseconds left in the window.
 */
export async function countHit(db: Database, key: string, timeWindowMs: number): Promise<IncrementResult> {
  const hash = createHash('sha256').update(key).digest();
  const [row] = await queryRows<{ hits: number; ttl_ms: string }>(
    db,
    sql`INSERT INTO rate_limit_counters AS counter (key, hits, resets_at)
        VALUES (${hash}, 1, clock_timestamp() + ${timeWindowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN counter.resets_at <= clock_timestamp() THEN 1 ELSE counter.hits + 1 END,
          resets_at = CASE WHEN counter.resets_at <= clock_timestamp() THEN excluded.resets_at ELSE counter.resets_at END
        RETURNING hits, ceil(extract(epoch FROM resets_at - clock_timestamp()) * 1000)::bigint AS ttl_ms`,
  );
  if (!row) throw new Error('the rate-limit upsert returned no row');
  return { current: row.hits, ttl: Math.max(0, Number(row.ttl_ms)) };
}

/** Deletes the counters whose window has passed (a queue job; a passed window counts as new anyway). */
export async function sweepRateLimitCounters(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit_counters WHERE resets_at <= now()`);
}

/** The store as the plugin's `store` option wants it: a class it constructs itself. */
export function databaseRateLimitStore(db: Database, keyPrefix = '') {
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(db, keyPrefix);
    }
  };
}
