import { and, asc, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointmentFees, appointments } from '../../db/schema.js';
import { practiceRows, type Scope } from '../../lib/scope.js';
import { type AppointmentRow, type AppointmentValues, feeRows, reachedAppointments } from './appointments.repo.js';

/**
 * Locks the appointments of the scope's calendars a billing action may touch, in the given states: the named ones,
 * or every one that ended by `endedBy` (a service is billed once rendered). Locked in id order, so concurrent actions do not deadlock.
 */
export async function lockBillingCandidates(
  db: Executor,
  scope: Scope,
  filter: { ids?: number[]; states: AppointmentRow['state'][]; endedBy?: Date },
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        reachedAppointments(scope),
        filter.ids ? inArray(appointments.id, filter.ids) : undefined,
        inArray(appointments.state, filter.states),
        filter.endedBy ? lte(appointments.endsAt, filter.endedBy) : undefined,
      ),
    )
    .orderBy(asc(appointments.id))
    .for('update');
}

/** The fee entries of appointments in the shape billing checks read (code and rate). */
export async function feesForBilling(db: Executor, scope: Scope, appointmentIds: number[]) {
  if (appointmentIds.length === 0)
    return new Map<number, { codeValue: string | null; incrementalRate: string | null }[]>();
  const rows = await db
    .select({
      appointmentId: appointmentFees.appointmentId,
      codeValue: appointmentFees.codeValue,
      incrementalRate: appointmentFees.incrementalRate,
    })
    .from(appointmentFees)
    .where(and(feeRows(db, scope), inArray(appointmentFees.appointmentId, appointmentIds)));
  const byAppointment = new Map<number, { codeValue: string | null; incrementalRate: string | null }[]>();
  for (const row of rows) byAppointment.set(row.appointmentId, [...(byAppointment.get(row.appointmentId) ?? []), row]);
  return byAppointment;
}

/**
 * Sets the state of appointments a scoped read chose (billing candidates, an invoice's lines). Within the practice,
 * not the calendars: an owner who cancels an invoice frees its appointments without seeing the calendars.
 */
export async function setAppointmentStates(
  db: Executor,
  scope: Scope,
  ids: number[],
  values: Pick<AppointmentValues, 'state'> & Partial<AppointmentValues>,
): Promise<void> {
  if (ids.length)
    await db
      .update(appointments)
      .set({ ...values, updatedAt: new Date() })
      .where(and(practiceRows(scope, appointments.customerId), inArray(appointments.id, ids)));
}
