import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointments, appointmentTypes, users } from '../../db/schema.js';
import type { Scope } from '../../lib/scope.js';
import { ownAppointments } from './appointments.repo.js';

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
