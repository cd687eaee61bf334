import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, queryRows } from '../../src/db/client.js';
import { asSystem, withRowScope } from '../../src/db/row-scope.js';
import { auditLog } from '../../src/db/schema.js';
import { recordAudit } from '../../src/modules/audit/audit.service.js';
import { AUDIT_MONTHS_AHEAD, maintainAuditPartitions } from '../../src/modules/audit/audit-partitions.js';
import { createPractice, createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The partition holding each of a practice's rows, by request id. */
async function partitionsOf(db: Executor, practiceId: number) {
  return queryRows<{ requestId: string; partition: string }>(
    db,
    sql`SELECT request_id AS "requestId", tableoid::regclass::text AS partition
          FROM audit_log WHERE customer_id = ${practiceId} ORDER BY request_id`,
  );
}

const exists = async (db: Executor, table: string) =>
  (await queryRows<{ found: boolean }>(db, sql`SELECT to_regclass(${table}) IS NOT NULL AS found`))[0]?.found;

/** Year and month (1-12) in German time, `monthsFromNow` months from now. */
async function germanMonth(db: Executor, monthsFromNow: number) {
  const [row] = await queryRows<{ year: number; month: number }>(
    db,
    sql`SELECT extract(year FROM m)::int AS year, extract(month FROM m)::int AS month
          FROM (SELECT date_trunc('month', now() AT TIME ZONE 'Europe/Berlin')
                       + ${monthsFromNow} * interval '1 month' AS m) AS month_start`,
  );
  if (!row) throw new Error('no month');
  return row;
}

const monthTable = (retention: 'billing' | 'reads', year: number, month: number) =>
  `audit_log_${retention}_${year}_${String(month).padStart(2, '0')}`;

describe('audit log partitions', () => {
  it("keeps reads and changes apart, each in its class's partition of the month", async () => {
    const practiceId = await createPractice(t.database);
    const event = { actor: { userId: 1 }, customerId: practiceId, patientId: null } as const;
    await withRowScope(practiceId, async () => {
      await recordAudit(t.app.ctx.db, { ...event, action: 'read', resource: 'patient', requestId: 'a-read' });
      await recordAudit(t.app.ctx.db, { ...event, action: 'update', resource: 'diagnosis', requestId: 'b-change' });
      await recordAudit(t.app.ctx.db, { ...event, action: 'read', resource: 'invoice', requestId: 'c-invoice' });
    });
    const { year, month } = await germanMonth(t.database.db, 0);
    expect(await partitionsOf(t.database.db, practiceId)).toEqual([
      { requestId: 'a-read', partition: monthTable('reads', year, month) },
      { requestId: 'b-change', partition: monthTable('billing', year, month) },
      { requestId: 'c-invoice', partition: monthTable('billing', year, month) },
    ]);
  });

  it('takes a row of a month without a partition, and moves it into the month once the month is made', async () => {
    const practiceId = await createPractice(t.database);
    // A month no one has made yet: far enough ahead that neither the migration nor the job made it.
    let monthsFromNow = 30;
    let target = await germanMonth(t.database.db, monthsFromNow);
    while (await exists(t.database.db, monthTable('reads', target.year, target.month))) {
      monthsFromNow += 1;
      target = await germanMonth(t.database.db, monthsFromNow);
    }
    const at = new Date(Date.UTC(target.year, target.month - 1, 15, 12));
    await withRowScope(practiceId, () =>
      t.app.ctx.db.insert(auditLog).values({
        at,
        customerId: practiceId,
        action: 'read',
        resource: 'patient',
        outcome: 'success',
        retention: 'reads',
        requestId: 'stray',
      }),
    );
    expect(await partitionsOf(t.database.db, practiceId)).toEqual([
      { requestId: 'stray', partition: 'audit_log_reads_default' },
    ]);

    const firstDay = `${target.year}-${String(target.month).padStart(2, '0')}-01`;
    await t.database.ownerDb.execute(sql`SELECT audit_log_add_month('reads', ${firstDay}::date)`);
    expect(await partitionsOf(t.database.db, practiceId)).toEqual([
      { requestId: 'stray', partition: monthTable('reads', target.year, target.month) },
    ]);
  });

  it("lets the app's role make the coming months ahead", async () => {
    const result = await asSystem(() => maintainAuditPartitions(t.app.ctx.db, t.app.ctx.config.auditRetention));
    expect(result.made).toBeGreaterThanOrEqual(0);
    for (let ahead = 0; ahead <= AUDIT_MONTHS_AHEAD; ahead += 1) {
      const { year, month } = await germanMonth(t.database.db, ahead);
      expect(await exists(t.database.db, monthTable('billing', year, month))).toBe(true);
      expect(await exists(t.database.db, monthTable('reads', year, month))).toBe(true);
    }
  });

  it('drops whole months once every row in them has outlived its retention, and keeps the rest', async () => {
    const [now] = await queryRows<{ year: number }>(
      t.database.db,
      sql`SELECT extract(year FROM now() AT TIME ZONE 'Europe/Berlin')::int AS year`,
    );
    const year = now?.year ?? 0;
    // Periods run from the end of the row's year: ten years for billing, three for reads by default.
    const months = {
      billingExpired: { retention: 'billing', year: year - 11, month: 3 },
      billingKept: { retention: 'billing', year: year - 10, month: 1 },
      readsExpired: { retention: 'reads', year: year - 4, month: 12 },
      readsKept: { retention: 'reads', year: year - 3, month: 1 },
    } as const;
    const practiceId = await createPractice(t.database);
    // In one transaction, rolled back at the end: the jobs of other test apps on a shared database never see these
    // months, so only this test's own runs decide what is dropped.
    const rolledBack = new Error('rolled back on purpose');
    const outcome = t.database.ownerDb.transaction(async (tx) => {
      for (const [name, { retention, year: y, month: m }] of Object.entries(months)) {
        await tx.execute(sql`SELECT audit_log_add_month(${retention}, make_date(${y}, ${m}, 1))`);
        await tx.insert(auditLog).values({
          at: new Date(Date.UTC(y, m - 1, 10)),
          customerId: practiceId,
          action: 'read',
          resource: retention === 'billing' ? 'invoice' : 'patient',
          outcome: 'success',
          retention,
          requestId: name,
        });
      }
      // The job runs as the app's role, in the system scope.
      await tx.execute(
        sql`SELECT set_config('role', 'praxia_app', true), set_config('app.practice_id', 'system', true)`,
      );

      const longer = await maintainAuditPartitions(tx, { billingYears: 12, readsYears: 5 });
      expect(longer.dropped).toEqual([]);
      expect((await partitionsOf(tx, practiceId)).map((row) => row.requestId)).toEqual([
        'billingExpired',
        'billingKept',
        'readsExpired',
        'readsKept',
      ]);

      const standard = await maintainAuditPartitions(tx, { billingYears: 10, readsYears: 3 });
      expect(standard.dropped).toEqual(
        expect.arrayContaining([monthTable('billing', year - 11, 3), monthTable('reads', year - 4, 12)]),
      );
      expect(standard.dropped).not.toContain(monthTable('billing', year - 10, 1));
      expect(standard.dropped).not.toContain(monthTable('reads', year - 3, 1));
      expect(await partitionsOf(tx, practiceId)).toEqual([
        { requestId: 'billingKept', partition: monthTable('billing', year - 10, 1) },
        { requestId: 'readsKept', partition: monthTable('reads', year - 3, 1) },
      ]);

      // Below the legal minimum the database refuses, whatever the app is configured to.
      await expect(maintainAuditPartitions(tx, { billingYears: 9, readsYears: 3 })).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/below the minimum/) },
      });
      throw rolledBack;
    });
    await expect(outcome).rejects.toBe(rolledBack);
  });

  it("reaches partitions only through audit_log: the app's role may not read one, no one may empty one", async () => {
    const { year, month } = await germanMonth(t.database.db, 0);
    const partition = sql.identifier(monthTable('reads', year, month));
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(asSystem(() => t.app.ctx.db.execute(sql`SELECT count(*) FROM ${partition}`)))).toMatch(
      /permission denied/,
    );
    expect(await refusal(t.database.ownerDb.execute(sql`TRUNCATE ${partition}`))).toMatch(/append only/);
    expect(await refusal(t.database.ownerDb.execute(sql`DELETE FROM ${partition}`))).toMatch(/append only/);
    expect(await refusal(asSystem(() => t.app.ctx.db.execute(sql`DELETE FROM audit_log`)))).toMatch(
      /permission denied/,
    );
  });
});
