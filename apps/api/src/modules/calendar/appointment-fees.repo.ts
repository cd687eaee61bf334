import { COACHING_RATE_HUNDREDTHS, formatRateWire } from '@praxia/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointmentFees, feeScheduleItems, userFeeDefaults } from '../../db/schema.js';
import { practiceRows, practiceToWrite, type Scope } from '../../lib/scope.js';
import { feeRows } from './appointments.repo.js';

export type AppointmentFeeRow = typeof appointmentFees.$inferSelect;
type FeeValues = Omit<typeof appointmentFees.$inferInsert, 'customerId'>;

/** The fee entries of appointments with their GOÄ items (none for coaching entries). */
export async function listAppointmentFees(db: Executor, scope: Scope, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({ fee: appointmentFees, item: feeScheduleItems })
    .from(appointmentFees)
    .leftJoin(feeScheduleItems, eq(feeScheduleItems.codeValue, appointmentFees.codeValue))
    .where(and(feeRows(db, scope), inArray(appointmentFees.appointmentId, appointmentIds)))
    .orderBy(asc(appointmentFees.appointmentId), asc(appointmentFees.id));
}

export async function findAppointmentFee(
  db: Executor,
  scope: Scope,
  id: number,
): Promise<AppointmentFeeRow | undefined> {
  const rows = await db
    .select()
    .from(appointmentFees)
    .where(and(feeRows(db, scope), eq(appointmentFees.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertAppointmentFee(db: Executor, scope: Scope, values: FeeValues) {
  const [row] = await db
    .insert(appointmentFees)
    .values({ ...values, customerId: practiceToWrite(scope) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function replaceAppointmentFee(db: Executor, scope: Scope, id: number, values: Partial<FeeValues>) {
  const [row] = await db
    .update(appointmentFees)
    .set(values)
    .where(and(feeRows(db, scope), eq(appointmentFees.id, id)))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteAppointmentFee(db: Executor, scope: Scope, id: number): Promise<void> {
  await db.delete(appointmentFees).where(and(feeRows(db, scope), eq(appointmentFees.id, id)));
}

/** Copies a patient's fee defaults onto an appointment (spec: added to every newly booked appointment). */
export async function copyFeeDefaultsToAppointment(
  db: Executor,
  scope: Scope,
  patientId: number,
  appointmentId: number,
): Promise<number> {
  const customerId = practiceToWrite(scope);
  const defaults = await db
    .select()
    .from(userFeeDefaults)
    .where(and(practiceRows(scope, userFeeDefaults.customerId), eq(userFeeDefaults.userId, patientId)))
    .orderBy(asc(userFeeDefaults.id));
  if (defaults.length === 0) return 0;
  await db.insert(appointmentFees).values(
    defaults.map((fee) => ({
      customerId,
      appointmentId,
      codeValue: fee.codeValue,
      alternativeTitle: fee.alternativeTitle,
      incrementalRate: fee.codeValue === null ? formatRateWire(COACHING_RATE_HUNDREDTHS) : fee.incrementalRate,
      justification: fee.justification,
      coachingTitle: fee.coachingTitle,
      coachingAmountCents: fee.coachingAmountCents,
      coachingAmountTax: fee.coachingAmountTax,
    })),
  );
  return defaults.length;
}

/** Gives a copied appointment the fee entries of its source. */
export async function copyFeesBetweenAppointments(
  db: Executor,
  scope: Scope,
  fromId: number,
  toId: number,
): Promise<void> {
  const fees = await db
    .select()
    .from(appointmentFees)
    .where(and(feeRows(db, scope), eq(appointmentFees.appointmentId, fromId)));
  if (fees.length === 0) return;
  await db
    .insert(appointmentFees)
    .values(fees.map(({ id: _id, createdAt: _createdAt, ...fee }) => ({ ...fee, appointmentId: toId })));
}
