import { readFileSync } from 'node:fs';
import { Role } from '@praxia/shared';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessProbes, auditLog } from '../../src/db/schema.js';
import { removeOldAccessProbes } from '../../src/modules/audit/probe-retention.js';
import { createPatient, multipart, pdfBytes } from '../patient-factory.js';
import { call, createPractice, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

/**
 * A refused probe of another practice's patient must not land in the prober's audit log, where the list named the
 * patient: any owner, even a trial registered a minute ago, could read every patient name of the platform. The
 * platform keeps its own record of such probes instead, where no practice reads it.
 */
let t: TestApp;
let prober: { cookie: string; id: number; practiceId: number };
let victim: { id: number; lastName: string; practiceId: number; therapistCookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const practiceId = await createPractice(t.database);
  const owner = await createUser(t.database, { roles: Role.THERAPIST | Role.CUSTOMER_ADMIN, practiceId });
  prober = { cookie: await signIn(t.app, owner.email), id: owner.id, practiceId };

  const victimPracticeId = await createPractice(t.database);
  const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: victimPracticeId });
  const patient = await createPatient(t, { practiceId: victimPracticeId, therapistId: therapist.id });
  victim = {
    id: patient.id,
    lastName: patient.lastName,
    practiceId: victimPracticeId,
    therapistCookie: await signIn(t.app, therapist.email),
  };
});
afterAll(() => t.close());

/** The twelve routes the attack used, each addressing the patient by id. */
const ROUTES: Record<string, (id: number) => InjectOptions> = {
  'GET /api/user/patient/{id}': (id) => ({ method: 'GET', url: `/api/user/patient/${id}` }),
  'PATCH /api/user/patient/{id}': (id) => ({ method: 'PATCH', url: `/api/user/patient/${id}`, payload: { city: 'X' } }),
  'DELETE /api/user/patient/{id}': (id) => ({ method: 'DELETE', url: `/api/user/patient/${id}` }),
  'GET /api/user/{id}': (id) => ({ method: 'GET', url: `/api/user/${id}` }),
  'PUT /api/user/patient/{id}/record': (id) => ({
    method: 'PUT',
    url: `/api/user/patient/${id}/record`,
    payload: { patient: {}, feeDefaults: [], diagnoses: [] },
  }),
  'GET /api/user-diagnosis': (id) => ({ method: 'GET', url: `/api/user-diagnosis?userId=${id}` }),
  'POST /api/user-diagnosis': (id) => ({
    method: 'POST',
    url: '/api/user-diagnosis',
    payload: { userId: id, freeText: 'Probe' },
  }),
  'POST /api/user-medical-fee-schedule': (id) => ({
    method: 'POST',
    url: '/api/user-medical-fee-schedule',
    payload: { userId: id, coachingTitle: 'Coaching', coachingAmount: 80 },
  }),
  'POST /api/user-medical-fee-schedule/search': (id) => ({
    method: 'POST',
    url: '/api/user-medical-fee-schedule/search',
    payload: { filter: { userId: [id] } },
  }),
  'POST /api/user-medical-history/search': (id) => ({
    method: 'POST',
    url: '/api/user-medical-history/search',
    payload: { filter: { clientId: [id] } },
  }),
  'POST /api/user-medical-history (note)': (id) => ({
    method: 'POST',
    url: '/api/user-medical-history',
    ...multipart([
      { name: 'clientId', value: String(id) },
      { name: 'note', value: 'Probe' },
    ]),
  }),
  'POST /api/user-medical-history (file)': (id) => ({
    method: 'POST',
    url: '/api/user-medical-history',
    ...multipart([
      { name: 'clientId', value: String(id) },
      { name: 'file', value: pdfBytes(), filename: 'probe.pdf', type: 'application/pdf' },
    ]),
  }),
};

const auditText = async () => {
  const page = await call(t.app, prober.cookie, { method: 'GET', url: '/api/audit?limit=100&page=1' });
  expect(page.statusCode).toBe(200);
  return page;
};

const probesOf = (actorUserId: number) =>
  t.database.db.select().from(accessProbes).where(eq(accessProbes.actorUserId, actorUserId));

describe('a probe of another practice’s patient', () => {
  for (const [route, request] of Object.entries(ROUTES)) {
    it(`${route}: leaves the prober's audit log without the patient, and the platform's record with the probe`, async () => {
      const before = (await probesOf(prober.id)).length;
      const answer = await call(t.app, prober.cookie, request(victim.id));
      expect(answer.statusCode, answer.body).toBe(404);

      const page = await auditText();
      expect(page.body).not.toContain(victim.lastName);
      const rows = page.json().list as { patientId: number | null; patientName: string | null }[];
      expect(rows.filter((row) => row.patientId === victim.id)).toEqual([]);
      const stored = await t.database.db.select().from(auditLog).where(eq(auditLog.customerId, prober.practiceId));
      expect(stored.filter((row) => row.patientId === victim.id)).toEqual([]);

      const probes = await probesOf(prober.id);
      expect(probes.length).toBe(before + 1);
      expect(probes.at(-1)).toMatchObject({ customerId: prober.practiceId, targetId: String(victim.id) });
    });
  }

  it('GET /api/user/{id} answers and traces a foreign patient exactly like an id that exists nowhere', async () => {
    const auditBefore = (await auditText()).json().maxItems;
    const probe = async (id: number) => {
      const answer = await call(t.app, prober.cookie, { method: 'GET', url: `/api/user/${id}` });
      const [row] = (await probesOf(prober.id)).slice(-1);
      const { requestId: _, ...body } = answer.json();
      return { status: answer.statusCode, body, probe: { ...row, id: 0, at: null, targetId: null } };
    };
    const missing = await probe(2_000_000_000);
    const foreign = await probe(victim.id);
    expect(foreign).toEqual(missing);
    expect((await auditText()).json().maxItems).toBe(auditBefore);
  });

  it('the owner never sees a foreign name, even on a row written before this rule', async () => {
    await t.database.db.insert(auditLog).values({
      actorUserId: prober.id,
      customerId: prober.practiceId,
      patientId: victim.id,
      action: 'read',
      resource: 'patient',
      outcome: 'denied',
    });
    const page = await auditText();
    expect(page.body).not.toContain(victim.lastName);
    const filtered = await call(t.app, prober.cookie, {
      method: 'GET',
      url: `/api/audit?patientId=${victim.id}&limit=10&page=1`,
    });
    expect(filtered.body).not.toContain(victim.lastName);
  });

  it('the migration moves such rows written before this rule to the platform’s record', async () => {
    const requestId = `legacy-${Date.now()}`;
    const leaked = { actorUserId: prober.id, customerId: prober.practiceId, action: 'read', resource: 'diagnosis' };
    await t.database.db.insert(auditLog).values({ ...leaked, patientId: victim.id, outcome: 'denied', requestId });
    const migration = readFileSync(new URL('../../src/db/migrations/0014_access_probes.sql', import.meta.url), 'utf8');
    const move = migration
      .split('--> statement-breakpoint')
      .filter((statement) => !/CREATE (TABLE|INDEX)/.test(statement));
    for (const statement of move) await t.database.ownerDb.execute(sql.raw(statement));
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.requestId, requestId))).toEqual([]);
    const [moved] = await t.database.db.select().from(accessProbes).where(eq(accessProbes.requestId, requestId));
    expect(moved).toMatchObject({ ...leaked, targetId: String(victim.id), outcome: 'denied' });
    // The guard is back: the log refuses changes again.
    await t.database.db.insert(auditLog).values({ ...leaked, patientId: null, outcome: 'failed', requestId });
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.requestId, requestId))).rejects.toThrow();
  });

  it('a refusal about a patient of the own practice stays in its log with the name', async () => {
    const colleague = await createUser(t.database, { roles: Role.THERAPIST, practiceId: prober.practiceId });
    const treating = await createUser(t.database, { roles: Role.THERAPIST, practiceId: prober.practiceId });
    const own = await createPatient(t, { practiceId: prober.practiceId, therapistId: treating.id });
    const colleagueCookie = await signIn(t.app, colleague.email);
    const answer = await call(t.app, colleagueCookie, { method: 'GET', url: `/api/user/patient/${own.id}` });
    expect(answer.statusCode).toBe(404);
    const rows = (await auditText()).json().list as { patientId: number; patientName: string; outcome: string }[];
    expect(rows).toContainEqual(
      expect.objectContaining({
        patientId: own.id,
        outcome: 'denied',
        patientName: expect.stringContaining(own.lastName),
      }),
    );
  });

  it('the victim practice’s own work on the patient is unaffected and named in its log', async () => {
    const read = await call(t.app, victim.therapistCookie, { method: 'GET', url: `/api/user/patient/${victim.id}` });
    expect(read.statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.customerId, victim.practiceId));
    expect(rows).toContainEqual(expect.objectContaining({ patientId: victim.id, action: 'read', outcome: 'success' }));
  });

  it('probes older than the retention period are deleted', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000);
    await t.database.db.insert(accessProbes).values({
      actorUserId: prober.id,
      customerId: prober.practiceId,
      action: 'read',
      resource: 'patient',
      targetId: '1',
      outcome: 'denied',
      at: old,
    });
    const before = (await probesOf(prober.id)).length;
    expect(await removeOldAccessProbes(t.database.db)).toBeGreaterThanOrEqual(1);
    const after = await probesOf(prober.id);
    expect(after.length).toBe(before - 1);
    expect(after.every((probe) => probe.at > old)).toBe(true);
  });
});
