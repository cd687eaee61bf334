import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Role } from '@praxia/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { type DatabaseHandle, openDatabase, queryRows } from '../../src/db/client.js';
import { isConstraintViolation } from '../../src/db/constraint-violation.js';
import { appointments, appointmentTypes, customers } from '../../src/db/schema.js';
import { actAsSameOriginPage, createPractice, createUser, signIn } from '../test-app.js';

// PGlite runs in a thread of its own behind a bounded queue. These tests use it on every pass (also when the others
// run on PostgreSQL): the embedded database is what a practice gets by default.

/** The migrated template of the PGlite pass; the PostgreSQL pass has none and migrates here. */
function template(): Blob | undefined {
  return process.env.DATABASE_URL ? undefined : new Blob([readFileSync(inject('pgliteTemplatePath'))]);
}

async function startApp(database: DatabaseHandle) {
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-embedded-'));
  const app = await buildApp({
    config: { ...readConfig({}), dataDir, databaseUrl: undefined, seedDemo: false },
    database,
    serveWeb: false,
    rateLimits: { scale: 1000 },
  });
  actAsSameOriginPage(app);
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A promise with its resolve function, to hold a transaction open for as long as a test needs. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
}

/** The test's own rows are written as the platform; the app's requests keep their scope. */
const asFixtures = (database: DatabaseHandle): DatabaseHandle => ({ ...database, db: database.systemDb });

const namesLike = async (database: DatabaseHandle, prefix: string) =>
  (await database.systemDb.select({ name: customers.name }).from(customers))
    .map((row) => row.name)
    .filter((name) => name.startsWith(prefix))
    .sort();

describe('the embedded database in its thread', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    database = await openDatabase({ initialData: template() });
    ({ app, close } = await startApp(database));
  });
  afterAll(() => close());

  it('commits a transaction, rolls back a failed one and a failed savepoint, and keeps values intact', async () => {
    await database.systemDb.transaction(async (tx) => {
      await tx.insert(customers).values({ name: 'tx-a committed' });
      // A failing inner step rolls back to its savepoint; the outer transaction goes on.
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(customers).values({ name: 'tx-a savepoint' });
          throw new Error('inner step failed');
        }),
      ).rejects.toThrow('inner step failed');
    });
    await expect(
      database.systemDb.transaction(async (tx) => {
        await tx.insert(customers).values({ name: 'tx-a rolled back' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await namesLike(database, 'tx-a')).toEqual(['tx-a committed']);

    const [row] = await queryRows<{ at: string; data: { a: number[] }; bytes: Uint8Array; big: string }>(
      database.systemDb,
      sql`SELECT '2031-01-06 09:00:00+00'::timestamptz AS at, '{"a":[1,2]}'::jsonb AS data,
        '\\x0102'::bytea AS bytes, 9007199254740993::int8 AS big`,
    );
    // Drizzle reads timestamps as text (its parsers run on this side of the thread); the rest as PGlite parses it.
    expect(row?.at).toBe('2031-01-06 09:00:00+00');
    expect(row?.data).toEqual({ a: [1, 2] });
    expect([...(row?.bytes ?? [])]).toEqual([1, 2]);
    expect(String(row?.big)).toBe('9007199254740993');
  });

  it('reports constraint violations with their SQLSTATE and name, as PGlite does', async () => {
    const [practice] = await database.systemDb.insert(customers).values({ name: 'tx-b' }).returning();
    const duplicate = await database.systemDb
      .insert(customers)
      .values({ id: practice?.id, name: 'tx-b again' })
      .catch((error: unknown) => error);
    expect(isConstraintViolation(duplicate, 'customers_pkey')).toBe(true);
    expect((duplicate as { cause?: { code?: string } }).cause?.code).toBe('23505');
  });

  it('runs no statement from outside inside an open transaction', async () => {
    const hold = gate();
    const began = gate();
    const transaction = database.systemDb
      .transaction(async (tx) => {
        await tx.insert(customers).values({ name: 'tx-c inside' });
        began.open();
        await hold.opened;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await began.opened;
    // Started while the transaction holds the database: it must wait, and then not see the rolled-back row.
    const outside = namesLike(database, 'tx-c');
    const insert = database.systemDb.insert(customers).values({ name: 'tx-c outside' });
    hold.open();
    expect(await transaction).toBe('roll back');
    await insert;
    expect(await outside).toEqual([]);
    expect(await namesLike(database, 'tx-c')).toEqual(['tx-c outside']);
  });

  it('answers many concurrent requests, reads and writes, each correctly', async () => {
    const practiceId = await createPractice(asFixtures(database));
    const therapist = await createUser(asFixtures(database), { roles: Role.THERAPIST, practiceId });
    const cookie = await signIn(app, therapist.email);
    // Within the widget's horizon: days from the day after tomorrow on, on the full hour.
    const firstHour = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000;
    const day = (index: number) => new Date(firstHour + index * 86_400_000);
    const [type] = await database.systemDb
      .insert(appointmentTypes)
      .values({
        customerId: practiceId,
        userId: therapist.id,
        name: 'Sitzung',
        durationMinutes: 50,
        location: 'onSite',
      })
      .returning();
    const hourAfter = (index: number) => new Date(day(index).getTime() + 3_600_000).toISOString();
    const ids = (
      await database.systemDb
        .insert(appointments)
        .values(
          Array.from({ length: 10 }, (_, index) => ({
            customerId: practiceId,
            therapistId: therapist.id,
            startsAt: day(index),
            endsAt: new Date(day(index).getTime() + 50 * 60_000),
            state: 'available' as const,
            appointmentTypeId: type?.id,
          })),
        )
        .returning({ id: appointments.id, startsAt: appointments.startsAt })
    )
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
      .map((row) => row.id);
    const calendar = (index: number) =>
      app.inject({
        method: 'GET',
        url: `/api/appointment?therapistIds=${therapist.id}&appointmentStartFrom=${day(index).toISOString()}&appointmentStartTo=${hourAfter(index)}`,
        headers: { cookie },
      });
    const widget = (index: number) =>
      app.inject({
        method: 'GET',
        url: `/api/appointment/widget?therapistId=${therapist.id}&customerId=${practiceId}&from=${day(index).toISOString()}&to=${hourAfter(index)}`,
      });
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, (_, index) => calendar(index % 10)),
      ...Array.from({ length: 10 }, (_, index) => widget(index)),
      ...Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/health' })),
      ...Array.from({ length: 10 }, (_, index) =>
        database.systemDb.transaction(async (tx) => {
          await tx.insert(customers).values({ name: `tx-d ${String(index).padStart(2, '0')}` });
          return { statusCode: 200, json: () => ({}) };
        }),
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    answers.slice(0, 30).forEach((answer, index) => {
      const { list } = answer.json() as { list: { id: number }[] };
      expect(list.map((entry) => entry.id)).toEqual([ids[index % 10]]);
    });
    answers.slice(30, 40).forEach((answer, index) => {
      const { slots } = answer.json() as { slots: { id: number }[] };
      expect(slots.map((slot) => slot.id)).toEqual([ids[index]]);
    });
    expect(await namesLike(database, 'tx-d')).toEqual(Array.from({ length: 10 }, (_, i) => `tx-d 0${i}`));
    const stored = await database.systemDb
      .select()
      .from(appointments)
      .where(eq(appointments.therapistId, therapist.id));
    expect(stored).toHaveLength(10);
  });
});

describe('the embedded database when overloaded', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    database = await openDatabase({ initialData: template(), embeddedQueue: { maxWaiting: 3, maxWaitMs: 300 } });
    ({ app, close } = await startApp(database));
  });
  afterAll(() => close());

  it('answers 503 with Retry-After instead of hanging, and serves again once the database is free', async () => {
    const hold = gate();
    const began = gate();
    // A transaction that holds the database: everything else must wait in the queue.
    const transaction = database.systemDb.transaction(async (tx) => {
      await tx.insert(customers).values({ name: 'tx-e held' });
      began.open();
      await hold.opened;
    });
    await began.opened;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/api/health' })),
    );
    // Three were refused at once (the queue was full), three after waiting 300 ms for their turn.
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
    }
    hold.open();
    await transaction;
    expect(await namesLike(database, 'tx-e')).toEqual(['tx-e held']);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
