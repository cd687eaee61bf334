import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointmentFees, feeScheduleItems, userFeeDefaults } from '../../db/schema.js';

export type AppointmentFeeRow = typeof appointmentFees.$inferSelect;

/** The fee entries of appointments with their GOÄ items (none for coaching entries). */
export async function listAppointmentFees(db: Executor, customerId: number, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({ fee: appointmentFees, item: feeScheduleItems })
    .from(appointmentFees)
    .leftJoin(feeScheduleItems, eq(feeScheduleItems.codeValue, appointmentFees.codeValue))
    .where(and(eq(appointmentFees.customerId, customerId), inArray(appointmentFees.appointmentId, appointmentIds)))
    .orderBy(asc(appointmentFees.appointmentId), asc(appointmentFees.id));
}

export async function findAppointmentFee(db: Executor, id: number): Promise<AppointmentFeeRow | undefined> {
  const rows = await db.select().from(appointmentFees).where(eq(appointmentFees.id, id)).limit(1);
  return rows[0];
}

export async function insertAppointmentFee(db: Executor, values: typeof appointmentFees.$inferInsert) {
  const [row] = await db.insert(appointmentFees).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function replaceAppointmentFee(
  db: Executor,
  id: number,
  values: Partial<typeof appointmentFees.$inferInsert>,
) {
  const [row] = await db.update(appointmentFees).set(values).where(eq(appointmentFees.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteAppointmentFee(db: Executor, id: number): Promise<void> {
  await db.delete(appointmentFees).where(eq(appointmentFees.id, id));
}

/** Copies a patient's fee defaults onto an appointment (spec: added to every newly booked appointment). */
export async function copyFeeDefaultsToAppointment(
  db: Executor,
  customerId: number,
  patientId: number,
  appointmentId: number,
): Promise<number> {
  const defaults = await db
    .select()
    .from(userFeeDefaults)
    .where(and(eq(userFeeDefaults.customerId, customerId), eq(userFeeDefaults.userId, patientId)))
    .orderBy(asc(userFeeDefaults.id));
  if (defaults.length === 0) return 0;
  await db.insert(appointmentFees).values(
    defaults.map((fee) => ({
      customerId,
      appointmentId,
      codeValue: fee.codeValue,
      alternativeTitle: fee.alternativeTitle,
      incrementalRate: fee.incrementalRate,
      coachingTitle: fee.coachingTitle,
      coachingAmountCents: fee.coachingAmountCents,
      coachingAmountTax: fee.coachingAmountTax,
    })),
  );
  return defaults.length;
}

/** Gives a copied appointment the fee entries of its source. */
export async function copyFeesBetweenAppointments(db: Executor, fromId: number, toId: number): Promise<void> {
  const fees = await db.select().from(appointmentFees).where(eq(appointmentFees.appointmentId, fromId));
  if (fees.length === 0) return;
  await db
    .insert(appointmentFees)
    .values(fees.map(({ id: _id, createdAt: _createdAt, ...fee }) => ({ ...fee, appointmentId: toId })));
}
