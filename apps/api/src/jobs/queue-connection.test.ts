import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { QueueConnection } from './queue-connection.js';

/** A database that is gone: every statement fails, as during an outage or with the embedded queue full. */
const unreachable = { executeSql: () => Promise.reject(new Error('database unavailable')) };
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;

describe('QueueConnection once started', () => {
  it('answers the job commands pg-boss fires without awaiting them (done, failed) as "no job changed"', async () => {
    const connection = new QueueConnection(unreachable, log);
    connection.started();
    const boss = new PgBoss({ db: connection });
    const job = '9b2f1c4e-2d1b-4a55-8d0e-6c1f0e7a1b23';
    // pg-boss marks a finished job done with an unawaited complete(): a rejection there would end the process.
    await expect(boss.complete('mail-outbox', job)).resolves.toEqual({ jobs: [job], requested: 1, affected: 0 });
    await expect(boss.fail('mail-outbox', job)).resolves.toMatchObject({ affected: 0 });
    // Its polls read the rows as they come: none.
    await expect(boss.fetch('mail-outbox')).resolves.toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('answers them the same once stopped, when a job ends after the app began to close', async () => {
    const connection = new QueueConnection(unreachable, log);
    connection.started();
    await connection.stop();
    const job = '0c7e5d2a-5a3f-4f0e-9d3c-2b8e6f1a4c57';
    await expect(new PgBoss({ db: connection }).complete('mail-outbox', job)).resolves.toMatchObject({ affected: 0 });
  });
});
