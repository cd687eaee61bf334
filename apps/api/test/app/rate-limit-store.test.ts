import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { countHit, sweepRateLimitCounters } from '../../src/plugins/rate-limit-store.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Whether the key has a counter row (stored by its SHA-256 only). */
async function isCounted(key: string, app: TestApp = t): Promise<boolean> {
  const rows = await queryRows<{ key: unknown }>(
    app.database.db,
    sql`SELECT key FROM rate_limit_counters WHERE key = sha256(convert_to(${key}, 'UTF8'))`,
  );
  return rows.length === 1;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Keys of their own per test: on PostgreSQL every test file counts in the same table.
describe('the rate-limit counts kept in the database', () => {
  it('counts each key on its own within its window, and starts again at 1 once the window has passed', async () => {
    const key = `test:${randomUUID()}`;
    const hits = [];
    for (let hit = 0; hit < 3; hit++) hits.push(await countHit(t.database.db, key, 60_000));
    expect(hits.map((result) => result.current)).toEqual([1, 2, 3]);
    expect(hits[2]?.ttl).toBeGreaterThan(55_000);
    expect(hits[2]?.ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit(t.database.db, `${key}-other`, 60_000)).current).toBe(1);

    const short = `test:${randomUUID()}`;
    await countHit(t.database.db, short, 50);
    await countHit(t.database.db, short, 50);
    await sleep(100);
    expect((await countHit(t.database.db, short, 50)).current).toBe(1);
  });

  it('counts hits that arrive at the same moment one by one', async () => {
    const key = `test:${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => countHit(t.database.db, key, 60_000)));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('sweeps the counters whose window has passed and keeps the running ones', async () => {
    const passed = `test:${randomUUID()}`;
    const running = `test:${randomUUID()}`;
    await countHit(t.database.db, passed, 10);
    await countHit(t.database.db, passed, 10);
    await countHit(t.database.db, running, 60_000);
    await sleep(50);
    await sweepRateLimitCounters(t.database.db);
    expect(await isCounted(passed)).toBe(false);
    expect(await isCounted(running)).toBe(true);
    expect((await countHit(t.database.db, running, 60_000)).current).toBe(2);
  });
});

describe('which limits the database counts', () => {
  it('counts sign-in in the database, and the widget’s limit against scraping in the process: its 121st view a minute is 429, no row written', async () => {
    const limited = await createTestApp({ rateLimitScale: 1 });
    try {
      const prefix = limited.app.ctx.rateLimits.keyPrefix;
      const signIn = await limited.app.inject({
        method: 'POST',
        url: '/api/user/login/credentials',
        headers: { 'sec-fetch-site': 'same-origin' },
        payload: { email: `nobody-${randomUUID()}@example.org`, password: 'wrong password' },
      });
      expect(signIn.statusCode).not.toBe(429);
      expect(await isCounted(`${prefix}\nPOST /api/user/login/credentials\n127.0.0.1`, limited)).toBe(true);

      const statuses: number[] = [];
      for (let view = 0; view < 121; view++) {
        const url = '/api/appointment/widget?therapistId=999999&customerId=999999';
        statuses.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      }
      expect(statuses.slice(0, 120).filter((status) => status === 429)).toEqual([]);
      expect(statuses[120]).toBe(429);
      expect(await isCounted(`${prefix}\nGET /api/appointment/widget\n127.0.0.1`, limited)).toBe(false);
    } finally {
      await limited.close();
    }
  });
});
