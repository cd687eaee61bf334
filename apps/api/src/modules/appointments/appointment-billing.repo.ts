import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointmentFees, appointments } from '../../db/schema.js';
import type { AppointmentRow, AppointmentValues } from './appointments.repo.js';

/**
 * Locks the taken (and, for invoicing, billable) appointments a billing action may touch: the named ones, or every
 * one of the therapists that started before `startedBefore`. Locked in id order, so concurrent actions do not
 * deadlock.
 */
export async function lockBillingCandidates(
  db: Executor,
  filter: {
    customerId: number;
    therapistIds: number[] | null;
    ids?: number[];
    states: AppointmentRow['state'][];
    startedBefore?: Date;
  },
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.customerId, filter.customerId),
        filter.therapistIds ? inArray(appointments.therapistId, filter.therapistIds) : undefined,
        filter.ids ? inArray(appointments.id, filter.ids) : undefined,
        inArray(appointments.state, filter.states),
        filter.startedBefore ? lte(appointments.startsAt, filter.startedBefore) : undefined,
      ),
    )
    .orderBy(asc(appointments.id))
    .for('update');
}

/** The fee entries of appointments in the shape billing checks read (code and rate). */
export async function feesForBilling(db: Executor, appointmentIds: number[]) {
  if (appointmentIds.length === 0)
    return new Map<number, { codeValue: string | null; incrementalRate: string | null }[]>();
  const rows = await db
    .select({
      appointmentId: appointmentFees.appointmentId,
      codeValue: appointmentFees.codeValue,
      incrementalRate: appointmentFees.incrementalRate,
    })
    .from(appointmentFees)
    .where(inArray(appointmentFees.appointmentId, appointmentIds));
  const byAppointment = new Map<number, { codeValue: string | null; incrementalRate: string | null }[]>();
  for (const row of rows) byAppointment.set(row.appointmentId, [...(byAppointment.get(row.appointmentId) ?? []), row]);
  return byAppointment;
}

export async function setAppointmentStates(
  db: Executor,
  ids: number[],
  values: Pick<AppointmentValues, 'state'> & Partial<AppointmentValues>,
): Promise<void> {
  if (ids.length)
    await db
      .update(appointments)
      .set({ ...values, updatedAt: new Date() })
      .where(inArray(appointments.id, ids));
}
