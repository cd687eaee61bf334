import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointments, appointmentTypes, users } from '../../db/schema.js';
import type { Scope } from '../../lib/scope.js';
import type { AppointmentRow } from './appointments.repo.js';

/** SQL: the appointments booked for the caller's own person in their practice; no rows for any other scope. */
function ownAppointments(scope: Scope): SQL {
  // A booked patient may also be linked to the practice as a user: either way only rows naming them as client.
  if (scope.kind !== 'patient' && scope.kind !== 'practice') return sql`false`;
  const { practiceId } = scope;
  return and(eq(appointments.customerId, practiceId), eq(appointments.clientId, scope.userId)) as SQL;
}

/** The patient's appointments that have not ended yet, soonest first, with their therapist's name and type. */
export async function listOwnUpcomingAppointments(db: Executor, scope: Scope, now: Date) {
  return db
    .select({
      appointment: appointments,
      typeName: appointmentTypes.name,
      therapist: { title: users.title, firstName: users.firstName, lastName: users.lastName },
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.therapistId))
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, appointments.appointmentTypeId))
    .where(
      and(
        ownAppointments(scope),
        inArray(appointments.state, ['taken', 'billable', 'billed']),
        gt(appointments.endsAt, now),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(100);
}

/** One appointment of the patient scope's own person (locked for a change), whatever its state. */
export async function findOwnAppointment(
  db: Executor,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<AppointmentRow | undefined> {
  const query = db
    .select()
    .from(appointments)
    .where(and(ownAppointments(scope), eq(appointments.id, id)))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}
