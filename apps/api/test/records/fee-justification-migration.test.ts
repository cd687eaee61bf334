import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFees, patients, userFeeDefaults } from '../../src/db/schema.js';
import {
  type InvoicePractice,
  invoiceableAppointment,
  invoicePractice,
  setFeeRate,
  setPatient,
} from '../invoice-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: InvoicePractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await invoicePractice(t);
});
afterAll(() => t.close());

/** Replays the migration's data statements on rows written as before it (its columns exist already). */
async function replayMigration() {
  const migration = readFileSync(
    new URL('../../src/db/migrations/0018_fee_justifications.sql', import.meta.url),
    'utf8',
  );
  const statements = migration.split('--> statement-breakpoint').filter((statement) => !/ADD COLUMN/.test(statement));
  await t.database.ownerDb.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

describe('the migration to justifications per fee entry', () => {
  it('gives each raised entry the remark that served as its justification, and leaves the rest alone', async () => {
    const remark =
      'Aufgrund der besonderen Schwierigkeit der Behandlung wird der angegebene Steigerungssatz veranschlagt.';
    const raised = await invoiceableAppointment(t, team.therapist.cookie, {
      fees: [
        { code: '870', rate: '2,3' },
        { coachingTitle: 'Coaching', coachingAmount: '90', tax: 'notax' },
      ],
    });
    await setFeeRate(t, raised.id, '3.00');
    // As stored before: the coaching entry without a rate, the justification only in the patient's remark.
    await t.database.db
      .update(appointmentFees)
      .set({ incrementalRate: null })
      .where(sql`${appointmentFees.appointmentId} = ${raised.id} and ${appointmentFees.codeValue} is null`);
    await setPatient(t, raised.clientId, { invoiceRemark: remark });
    await t.database.db.insert(userFeeDefaults).values([
      { customerId: team.id, userId: raised.clientId, codeValue: '870', incrementalRate: '3.00' },
      { customerId: team.id, userId: raised.clientId, codeValue: '870', incrementalRate: '2.30' },
    ]);
    const plain = await invoiceableAppointment(t, team.therapist.cookie);
    await setPatient(t, plain.clientId, { invoiceRemark: 'Bitte an die Beihilfestelle senden.' });

    await replayMigration();

    const fees = await t.database.db.select().from(appointmentFees).where(eq(appointmentFees.appointmentId, raised.id));
    expect(fees.map((fee) => [fee.codeValue, fee.incrementalRate, fee.justification])).toEqual([
      ['870', '3.00', remark],
      [null, '1.00', null],
    ]);
    const defaults = await t.database.db
      .select()
      .from(userFeeDefaults)
      .where(eq(userFeeDefaults.userId, raised.clientId));
    expect(defaults.map((fee) => [fee.incrementalRate, fee.justification])).toEqual([
      ['3.00', remark],
      ['2.30', null],
    ]);
    // The remark moved into the entries; a patient without raised rates keeps theirs, printed as a remark.
    const remarkOf = async (id: number) =>
      (await t.database.db.select().from(patients).where(eq(patients.userId, id)))[0]?.invoiceRemark;
    expect(await remarkOf(raised.clientId)).toBeNull();
    expect(await remarkOf(plain.clientId)).toBe('Bitte an die Beihilfestelle senden.');
  });
});
