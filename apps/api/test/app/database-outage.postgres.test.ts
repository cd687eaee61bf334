import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Role } from '@praxia/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { asSystem } from '../../src/db/row-scope.js';
import { accessProbes, auditLog } from '../../src/db/schema.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';
import { recordAuditFailure } from '../../src/modules/audit/audit.service.js';
import { flushHeldAuditWrites, heldAuditWrites } from '../../src/modules/audit/held-audit-writes.js';
import { notFound } from '../../src/plugins/errors.js';
import { runServer } from '../server-process.js';
import { startTcpProxy } from '../tcp-proxy.js';
import { call, createPractice, createUser, signIn } from '../test-app.js';

// PostgreSQL only: PGlite runs inside this process, so there is no server to lose, no connection to kill and no
// second connection to hold a lock. CI runs the API suite on PostgreSQL too (.ci/run), where this runs.
// Runs in the PostgreSQL pass only (vitest.config.ts includes *.postgres.test.ts when DATABASE_URL is set):
// PGlite lives inside the test process, so there is no server to lose and no connection to kill.
const serverUrl = process.env.DATABASE_URL ?? '';

describe('the app when its PostgreSQL goes away', () => {
  const databaseName = `praxia_outage_${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-outage-'));
  let admin: pg.Client;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let adminCookie: string;

  // Small timeouts so each failure shows within a second or two; production defaults are in db/client.ts.
  const timeouts = { connectMs: 1_000, statementMs: 3_000, lockMs: 500, idleInTransactionMs: 5_000 };

  beforeAll(async () => {
    const server = new URL(serverUrl ?? '');
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const appUrl = new URL(server);
    appUrl.host = `127.0.0.1:${proxy.port}`;
    appUrl.pathname = `/${databaseName}`;
    database = await openDatabase({ databaseUrl: appUrl.toString(), timeouts });
    const config = { ...readConfig({}), dataDir, databaseUrl: appUrl.toString(), publicUrl: 'http://praxia.test' };
    app = await buildApp({ config: { ...config, seedDemo: false }, database, serveWeb: false });
    await app.ready();
    adminCookie = await signIn(app, (await createUser(database, { roles: Role.ADMIN })).email);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await admin?.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What an administrator or a crashing server does to the app's connections. */
  const killConnections = () =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [databaseName]);

  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  /** The health status once it is 200, or the last one after two seconds of asking. */
  async function healthOnceRecovered(): Promise<number> {
    const deadline = Date.now() + 2_000;
    for (;;) {
      const { statusCode } = await health();
      if (statusCode === 200 || Date.now() > deadline) return statusCode;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const customerList = () => call(app, adminCookie, { method: 'GET', url: '/api/customer?limit=50&page=1' });

  it('survives its connections being killed, idle or mid-query, and serves again', async () => {
    expect((await health()).statusCode).toBe(200);
    const inFlight = database.db.execute(sql`SELECT pg_sleep(2)`).then(
      () => null,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await killConnections();
    expect(isDatabaseUnavailable(await inFlight)).toBe(true);
    // A call that picks a killed connection before the pool noticed may answer 503; never a 500, never a crash.
    expect([200, 503]).toContain((await customerList()).statusCode);
    // The pool replaces the killed connections by itself: calls work again without a restart.
    expect(await healthOnceRecovered()).toBe(200);
    expect((await customerList()).statusCode).toBe(200);
  });

  it('answers 503 with the error shape while the server is down, and 200 again once it is back', async () => {
    await proxy.refuse();
    await killConnections();
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 503, code: 'error.serviceUnavailable' });
    expect(down.headers['retry-after']).toBeDefined();
    const signedInCall = await customerList();
    expect(signedInCall.statusCode).toBe(503);
    expect(signedInCall.json().code).toBe('error.serviceUnavailable');
    // The outbox job meets the same outage: it logs and waits for its next round instead of failing or spinning.
    await expect(app.ctx.mail.resume()).resolves.toBeUndefined();

    await proxy.restore();
    expect(await healthOnceRecovered()).toBe(200);
    expect((await customerList()).statusCode).toBe(200);
  });

  it('holds the rows of refused attempts while the server is down; the job writes them once it is back', async () => {
    const practice = await createPractice(database);
    const auditRequest = `held-audit-${randomUUID()}`;
    const probeRequest = `held-probe-${randomUUID()}`;
    const refusal = notFound('Patient not found');
    await proxy.refuse();
    await killConnections();
    const attemptedAt = Date.now();
    // One about no patient (the practice's log), one about an id that is no patient of the practice (a probe).
    const attempt = { actor: { userId: 1 }, customerId: practice, action: 'read', resource: 'patient' } as const;
    await recordAuditFailure(app.ctx, { ...attempt, patientId: null, requestId: auditRequest }, refusal);
    await recordAuditFailure(app.ctx, { ...attempt, patientId: 2_000_000_000, requestId: probeRequest }, refusal);
    expect(heldAuditWrites(app.ctx)).toBe(2);
    expect(await flushHeldAuditWrites(app.ctx)).toBe(0);
    expect(heldAuditWrites(app.ctx)).toBe(2);

    await proxy.restore();
    expect(await healthOnceRecovered()).toBe(200);
    const restoredAt = Date.now();
    await app.ctx.jobs.send('held-audit-writes');
    const deadline = Date.now() + 20_000;
    while (heldAuditWrites(app.ctx) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(heldAuditWrites(app.ctx)).toBe(0);
    // The platform reads both: the probe record belongs to no practice.
    const [row] = await asSystem(() => database.db.select().from(auditLog).where(eq(auditLog.requestId, auditRequest)));
    expect(row).toMatchObject({ customerId: practice, outcome: 'denied', action: 'read', resource: 'patient' });
    const [probe] = await asSystem(() =>
      database.db.select().from(accessProbes).where(eq(accessProbes.requestId, probeRequest)),
    );
    expect(probe).toMatchObject({ customerId: practice, outcome: 'denied', targetId: '2000000000' });
    // Each keeps the time of the attempt, not of the late write.
    for (const written of [row?.at, probe?.at]) {
      expect(written?.getTime()).toBeGreaterThanOrEqual(attemptedAt - 1_000);
      expect(written?.getTime()).toBeLessThan(restoredAt);
    }
  });

  it('gives up on a server that accepts connections but never answers, within the connect timeout', async () => {
    await proxy.silence();
    const startedAt = Date.now();
    const response = await health();
    expect(response.statusCode).toBe(503);
    expect(Date.now() - startedAt).toBeLessThan(timeouts.connectMs * 5);
    await proxy.restore();
    expect(await healthOnceRecovered()).toBe(200);
  });

  it('answers 503 within the lock timeout when another connection holds the row', async () => {
    const practice = await createPractice(database);
    const locker = new pg.Client({ connectionString: serverUrl?.replace(/\/[^/]*$/, `/${databaseName}`) });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [practice]);
      const startedAt = Date.now();
      const blocked = await call(app, adminCookie, {
        method: 'PATCH',
        url: `/api/customer/${practice}`,
        payload: { city: 'Potsdam' },
      });
      expect(blocked.statusCode).toBe(503);
      expect(Date.now() - startedAt).toBeLessThan(timeouts.statementMs);
      await locker.query('ROLLBACK');
      const afterwards = await call(app, adminCookie, {
        method: 'PATCH',
        url: `/api/customer/${practice}`,
        payload: { city: 'Potsdam' },
      });
      expect(afterwards.statusCode).toBe(200);
    } finally {
      await locker.end();
    }
  });

  it('refuses to start on a database that does not exist, with one line saying so', async () => {
    const missing = new URL(serverUrl ?? '');
    missing.pathname = `/${databaseName}_missing`;
    const { code, stderr } = await runServer({ DATABASE_URL: missing.toString(), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Praxia could not start. The database at ${missing.hostname}:${missing.port || '5432'}/${databaseName}_missing does not exist: create it (createdb), or correct DATABASE_URL.`,
    ]);
  });
});
