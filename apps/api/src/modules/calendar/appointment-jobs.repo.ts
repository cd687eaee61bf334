import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointments, appointmentTypes } from '../../db/schema.js';
import { practiceRows, type Scope } from '../../lib/scope.js';
import { reachedAppointments } from './appointments.repo.js';

// The queries of the calendar's outside callers: the cancel link, the reminder job and the calendar feed.

/** The appointment a cancel link names (by the hash of its token), locked when `forUpdate`. */
export async function findAppointmentByCancelToken(
  db: Executor,
  scope: Scope,
  tokenHash: Uint8Array,
  forUpdate = false,
) {
  const query = db
    .select()
    .from(appointments)
    .where(and(practiceRows(scope, appointments.customerId), eq(appointments.cancelTokenHash, tokenHash)))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/**
 * Claims the reminders due now: taken appointments with e-mails on that start within `windowMs` and have had none.
 * Setting reminder_sent is the claim, in the transaction that queues the mails, so a reminder goes out once even with
 * several app nodes (SKIP LOCKED) and after a crash (the flag commits with the mail or not at all).
 */
export async function claimDueReminders(
  db: Executor,
  scope: Scope,
  now: Date,
  windowMs: number,
  limit: number,
): Promise<number[]> {
  const until = new Date(now.getTime() + windowMs);
  const rows = await db
    .update(appointments)
    .set({ reminderSent: true })
    .where(
      inArray(
        appointments.id,
        db
          .select({ id: appointments.id })
          .from(appointments)
          .where(
            and(
              practiceRows(scope, appointments.customerId),
              eq(appointments.state, 'taken'),
              eq(appointments.reminderSent, false),
              eq(appointments.sendEmails, true),
              sql`${appointments.clientEmail} IS NOT NULL`,
              sql`${appointments.startsAt} > ${now}`,
              lte(appointments.startsAt, until),
            ),
          )
          .orderBy(asc(appointments.startsAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: appointments.id });
  return rows.map((row) => row.id);
}

/** The booked appointments of a therapist in a window, with their type's name, for the private calendar feed. */
export async function listFeedAppointments(db: Executor, scope: Scope, therapistId: number, from: Date, to: Date) {
  return db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      updatedAt: appointments.updatedAt,
      firstName: appointments.clientFirstName,
      lastName: appointments.clientLastName,
      typeName: appointmentTypes.name,
    })
    .from(appointments)
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, appointments.appointmentTypeId))
    .where(
      and(
        reachedAppointments(scope),
        eq(appointments.therapistId, therapistId),
        inArray(appointments.state, ['taken', 'billable', 'billed']),
        gte(appointments.startsAt, from),
        lte(appointments.startsAt, to),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(5000);
}
