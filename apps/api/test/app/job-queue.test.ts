import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { type DatabaseHandle, openDatabase, queryRows } from '../../src/db/client.js';
import { sqlExecutorFor } from '../../src/jobs/sql-executor.js';
import { createPostgresDatabase, pgliteTemplate } from '../test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds, failing after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

// Each scheduled run is one job, whichever app takes it: two app processes on one database must not both run it.
// On PostgreSQL the two apps have their own connection pools, like two processes; PGlite can only be opened by one
// process, so there the two apps share its one connection.
describe('background jobs of two app instances on one database', () => {
  const ticks: { app: string; at: Date }[] = [];
  const flakyRuns: string[] = [];
  const logLines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-jobs-'));
  let own: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const databases: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];

  async function startApp(label: string, database: DatabaseHandle): Promise<FastifyInstance> {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const config = { ...readConfig({}), dataDir, databaseUrl: own?.url, publicUrl: 'http://praxia.test' };
    const app = await buildApp({
      config: { ...config, seedDemo: false },
      database,
      serveWeb: false,
      logger: { stream },
      // Schedules checked every second, not every 30 s: a doubled run would show within the test's few seconds.
      jobTiming: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    });
    apps.push(app);
    app.ctx.jobs.schedule('test-every-minute', '* * * * *', async () => {
      ticks.push({ app: label, at: new Date() });
    });
    // Never due by its schedule (1 January, midnight): it runs only when sent. Its first run fails.
    app.ctx.jobs.schedule(
      'test-fails-once',
      '0 0 1 1 *',
      async () => {
        flakyRuns.push(label);
        if (flakyRuns.length === 1) throw new Error('first run fails');
      },
      { retryLimit: 2, retryDelaySeconds: 1 },
    );
    return app;
  }

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      own = await createPostgresDatabase(process.env.DATABASE_URL);
      databases.push(await openDatabase({ databaseUrl: own.url }), await openDatabase({ databaseUrl: own.url }));
    } else {
      const shared = await openDatabase({ initialData: pgliteTemplate() });
      databases.push(shared, shared);
    }
    const [first, second] = await Promise.all(databases.map((database, index) => startApp(`app ${index}`, database)));
    // The every-minute job is due as soon as the queues start; start early enough in a minute that the checks of
    // the next test do not reach into the next one (where a second run would be right).
    const secondOfMinute = new Date().getUTCSeconds();
    if (secondOfMinute > 40) await sleep((61 - secondOfMinute) * 1_000);
    // Together, so that both create the queue's schema on the empty PostgreSQL database at the same time.
    await Promise.all([first?.ready(), second?.ready()]);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of new Set(databases)) await database.close();
    await own?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a scheduled job once per schedule, though both apps check the schedule every second', async () => {
    await until(() => ticks.length > 0, 10_000, 'the first run');
    // Some ten checks of the schedule by the two apps, all within the same minute.
    await sleep(5_000);
    expect(ticks).toHaveLength(1);
    expect(apps).toHaveLength(2);
  });

  it('runs a failed job again after its retry delay, and not after it succeeded', async () => {
    await apps[0]?.ctx.jobs.send('test-fails-once');
    await until(() => flakyRuns.length === 2, 10_000, 'the retry');
    // A third run would come after two more seconds (the delay doubles); the second run succeeded, so none comes.
    await sleep(3_000);
    expect(flakyRuns).toHaveLength(2);
    const failure = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg === 'job test-fails-once failed');
    expect(failure?.err?.message).toBe('first run fails');
  });

  it('leaves the connections it shares with the app usable after one of its scripts fails half-way', async () => {
    const [database] = databases;
    if (!database) throw new Error('no database');
    // pg-boss's scripts carry their own BEGIN … COMMIT; this one fails after its first statement.
    const script = 'BEGIN; SELECT 1; SELECT * FROM no_such_table; COMMIT;';
    await expect(sqlExecutorFor(database).executeSql(script)).rejects.toThrow(/no_such_table/);
    // As many at once as the pool holds connections, so that one left inside the aborted transaction would answer.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => queryRows<{ one: number }>(database.db, sql`SELECT 1 AS "one"`)),
    );
    expect(answers.map((rows) => rows[0]?.one)).toEqual(Array(10).fill(1));
  });
});
