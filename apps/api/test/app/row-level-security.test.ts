import { Role } from '@praxia/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { asSystem, withRowScope } from '../../src/db/row-scope.js';
import { auditLog, patients } from '../../src/db/schema.js';
import type { Actor } from '../../src/plugins/actor.js';
import { callerRowScope } from '../../src/plugins/row-scope.js';
import { createPatient } from '../patient-factory.js';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

/**
 * PostgreSQL's row-level security is the second wall: a query that forgets the practice filter still sees only the
 * acting practice's rows (migration 0015, db/row-scope.ts, plugins/row-scope.ts).
 */
describe('row-level security', () => {
  let t: TestApp;
  let practiceA: number;
  let practiceB: number;
  let patientA: number;
  let patientB: number;
  let therapistA: { id: number; email: string };

  // A repository function that forgot its filter: every patient row it can see.
  const forgetfulPatientList = (db = t.app.ctx.db) =>
    db.select({ id: patients.userId, customerId: patients.customerId }).from(patients);

  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (api) => {
        api.get('/test/forgetful', { config: { access: 'signedIn' } }, () => forgetfulPatientList());
        // A body is parsed outside the request's async context: the scope must survive it.
        api.post('/test/forgetful', { config: { access: 'signedIn' } }, () => forgetfulPatientList());
        api.get('/test/forgetful-public', { config: { access: 'public' } }, () => forgetfulPatientList());
      },
    });
    practiceA = await createPractice(t.database);
    practiceB = await createPractice(t.database);
    therapistA = await createUser(t.database, { roles: Role.THERAPIST, practiceId: practiceA });
    const therapistB = await createUser(t.database, { roles: Role.THERAPIST, practiceId: practiceB });
    patientA = (await createPatient(t, { practiceId: practiceA, therapistId: therapistA.id })).id;
    patientB = (await createPatient(t, { practiceId: practiceB, therapistId: therapistB.id })).id;
  });
  afterAll(() => t.close());

  it('shows a practice only its own rows, even to a query without a practice filter', async () => {
    const seen = await withRowScope(practiceA, () => forgetfulPatientList());
    expect(seen.map((row) => row.id)).toContain(patientA);
    expect(seen.map((row) => row.id)).not.toContain(patientB);
    expect(new Set(seen.map((row) => row.customerId))).toEqual(new Set([practiceA]));
  });

  it('shows nothing to work that entered no scope, and everything to the system scope', async () => {
    expect(await forgetfulPatientList()).toEqual([]);
    const all = (await asSystem(() => forgetfulPatientList())).map((row) => row.id);
    expect(all).toEqual(expect.arrayContaining([patientA, patientB]));
  });

  it('refuses to write a row of another practice, or to move a row into one', async () => {
    await expect(
      withRowScope(practiceA, () =>
        t.app.ctx.db
          .insert(patients)
          .values({ userId: therapistA.id, customerId: practiceB, therapistId: therapistA.id, patientNumber: 99_001 }),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    const moved = await withRowScope(practiceA, () =>
      t.app.ctx.db.update(patients).set({ customerId: practiceA }).where(sql`${patients.userId} = ${patientB}`),
    );
    expect((moved as unknown as { affectedRows?: number; rowCount?: number }).rowCount ?? 0).toBe(0);
    const [row] = await t.database.db.select().from(patients).where(sql`${patients.userId} = ${patientB}`);
    expect(row?.customerId).toBe(practiceB);
  });

  it("lets any work add a row of no practice (the platform's record), which only the system reads", async () => {
    const requestId = `platform-row-${Date.now()}`;
    await withRowScope(practiceA, () =>
      t.app.ctx.db
        .insert(auditLog)
        .values({ customerId: null, action: 'read', resource: 'patient', outcome: 'denied', requestId }),
    );
    const byRequest = sql`${auditLog.requestId} = ${requestId}`;
    expect(await withRowScope(practiceA, () => t.app.ctx.db.select().from(auditLog).where(byRequest))).toEqual([]);
    expect(await asSystem(() => t.app.ctx.db.select().from(auditLog).where(byRequest))).toHaveLength(1);
  });

  it("gives a signed-in request its acting practice's rows, with or without a body", async () => {
    const cookie = await signIn(t.app, therapistA.email);
    for (const method of ['GET', 'POST'] as const) {
      const response = await call(t.app, cookie, {
        method,
        url: '/api/test/forgetful',
        ...(method === 'POST' ? { payload: { any: 'body' } } : {}),
      });
      expect(response.statusCode).toBe(200);
      const ids = (response.json() as { id: number }[]).map((row) => row.id);
      expect(ids).toContain(patientA);
      expect(ids).not.toContain(patientB);
    }
  });

  it("gives a signed-in caller their practice's rows, a patient their practice's, an admin the system's", () => {
    const caller = (values: Partial<Actor>): Actor => ({
      userId: 1,
      roles: Role.THERAPIST,
      customerIds: [],
      practiceId: null,
      patientOfPracticeId: null,
      sessionIdHash: new Uint8Array(),
      idleExpiresAt: new Date(),
      isTrialExpired: false,
      isSecondFactorMissing: false,
      ...values,
    });
    expect(callerRowScope(caller({ practiceId: practiceA, customerIds: [practiceA] }))).toBe(practiceA);
    expect(callerRowScope(caller({ roles: Role.REGISTERED, patientOfPracticeId: practiceB }))).toBe(practiceB);
    expect(callerRowScope(caller({ roles: Role.ADMIN }))).toBe('system');
    expect(callerRowScope(caller({}))).toBe('none');
  });

  it('reads as the system on a public route', async () => {
    const response = await call(t.app, undefined, { method: 'GET', url: '/api/test/forgetful-public' });
    const ids = (response.json() as { id: number }[]).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([patientA, patientB]));
  });

  it('runs the app as a role the policies hold: no superuser, no bypass, not the owner', async () => {
    const [role] = await withRowScope(practiceA, () =>
      queryRows<{ name: string; isSuper: boolean; bypasses: boolean; owns: boolean }>(
        t.app.ctx.db,
        sql`SELECT current_user AS name, r.rolsuper AS "isSuper", r.rolbypassrls AS bypasses,
                     (SELECT tableowner = current_user FROM pg_tables WHERE tablename = 'patients') AS owns
                FROM pg_roles r WHERE r.rolname = current_user`,
      ),
    );
    expect(role).toEqual({ name: 'praxia_app', isSuper: false, bypasses: false, owns: false });
  });

  it('enables and forces row-level security on every table with a customer_id', async () => {
    const tables = await queryRows<{ name: string; enabled: boolean; forced: boolean; policies: number }>(
      t.database.db,
      sql`SELECT c.relname AS name, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
                 (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
            FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'customer_id' AND NOT a.attisdropped
           WHERE n.nspname = 'public' AND c.relkind = 'r'
           ORDER BY c.relname`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['appointments', 'invoices', 'patients', 'user_diagnoses', 'video_sessions']),
    );
    for (const table of tables) expect(table, table.name).toMatchObject({ enabled: true, forced: true });
    for (const table of tables) expect(table.policies, table.name).toBeGreaterThanOrEqual(1);
  });
});
