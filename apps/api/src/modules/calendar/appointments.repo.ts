import { SESSION_UNIT_MINUTES } from '@praxia/shared';
import { and, asc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointmentFees, appointments, appointmentTypes } from '../../db/schema.js';
import { likeContaining, searchWords } from '../../lib/like-pattern.js';
import { calendarRows, practiceRows, practiceToWrite, reachesWholePractice, type Scope } from '../../lib/scope.js';

export type AppointmentRow = typeof appointments.$inferSelect;
export type AppointmentValues = typeof appointments.$inferInsert;

/** A fee entry as the list query carries it (JSON built in the database, one statement for the whole page). */
export type FeeJson = {
  id: number;
  codeValue: string | null;
  alternativeTitle: string | null;
  rate: string | number | null;
  justification: string | null;
  coachingTitle: string | null;
  coachingCents: number | null;
  coachingTax: 'add' | 'notax' | null;
  points: number | null;
};

/** The invoice an appointment is billed on, as the list query carries it. */
export type BilledOnJson = { id: number; invoiceNumber: number; fileName: string };

/** SQL: the appointments of the calendars the scope reaches. */
export const reachedAppointments = (scope: Scope) =>
  calendarRows(scope, appointments.customerId, appointments.therapistId);

/** SQL: the fee entries on appointments of calendars the scope reaches (an entry names no therapist of its own). */
export function feeRows(db: Executor, scope: Scope): SQL {
  const ofPractice = practiceRows(scope, appointmentFees.customerId);
  if (reachesWholePractice(scope, 'calendars')) return ofPractice;
  const reached = db.select({ id: appointments.id }).from(appointments).where(reachedAppointments(scope));
  return sql`${ofPractice} and ${inArray(appointmentFees.appointmentId, reached)}`;
}

/** What a list asks for within the calendars its scope reaches. */
export type AppointmentFilter = {
  clientIds?: number[];
  clientName?: string;
  startFrom?: Date;
  startTo?: Date;
  states?: AppointmentRow['state'][];
  appointmentTypeId?: number;
  ids?: number[];
  limit: number;
  offset: number;
};

function whereOf(scope: Scope, filter: AppointmentFilter): SQL | undefined {
  // Every word of the client name matches the first or the last name: 'Julia Wagner' and 'Wagner, Julia' alike.
  const nameWords = searchWords(filter.clientName).map((word) =>
    or(
      ilike(appointments.clientFirstName, likeContaining(word)),
      ilike(appointments.clientLastName, likeContaining(word)),
    ),
  );
  return and(
    reachedAppointments(scope),
    filter.clientIds?.length ? inArray(appointments.clientId, filter.clientIds) : undefined,
    ...nameWords,
    filter.startFrom ? gte(appointments.startsAt, filter.startFrom) : undefined,
    filter.startTo ? lte(appointments.startsAt, filter.startTo) : undefined,
    filter.states?.length ? inArray(appointments.state, filter.states) : undefined,
    filter.appointmentTypeId === undefined ? undefined : eq(appointments.appointmentTypeId, filter.appointmentTypeId),
    filter.ids ? inArray(appointments.id, filter.ids) : undefined,
  );
}

/**
 * One page of appointments with their type, fee entries, the first-appointment flag and the total, in a single
 * statement: the week view loads in one round trip however many appointments it shows.
 */
export async function listAppointments(db: Executor, scope: Scope, filter: AppointmentFilter) {
  return db
    .select({
      appointment: appointments,
      type: appointmentTypes,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      isFirst: sql<boolean>`(${appointments.clientId} IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM appointments earlier WHERE earlier.client_id = ${appointments.clientId}
          AND earlier.therapist_id = ${appointments.therapistId} AND earlier.starts_at < ${appointments.startsAt}))`,
      fees: sql<FeeJson[]>`coalesce((
        SELECT json_agg(json_build_object('id', fee.id, 'codeValue', fee.code_value,
          'alternativeTitle', fee.alternative_title, 'rate', fee.incremental_rate, 'justification', fee.justification,
          'coachingTitle', fee.coaching_title,
          'coachingCents', fee.coaching_amount_cents, 'coachingTax', fee.coaching_amount_tax, 'points', item.points)
          ORDER BY fee.id)
        FROM appointment_fees fee LEFT JOIN fee_schedule_items item ON item.code_value = fee.code_value
        WHERE fee.appointment_id = ${appointments.id}), '[]')`,
      // A cancelled or deleted invoice gives its appointments back (billable again): only a standing one bills it.
      billedOn: sql<BilledOnJson | null>`CASE WHEN ${appointments.state} = 'billed' THEN (
        SELECT json_build_object('id', invoice.id, 'invoiceNumber', invoice.invoice_number,
          'fileName', invoice.file_name)
        FROM invoice_appointments link JOIN invoices invoice ON invoice.id = link.invoice_id
        WHERE link.appointment_id = ${appointments.id} AND invoice.customer_id = ${appointments.customerId}
          AND invoice.kind = 'invoice'
          AND invoice.state IN ('created', 'paid')
        ORDER BY invoice.id DESC LIMIT 1) END`,
    })
    .from(appointments)
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, appointments.appointmentTypeId))
    .where(whereOf(scope, filter))
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(filter.limit)
    .offset(filter.offset);
}
export type AppointmentListRow = Awaited<ReturnType<typeof listAppointments>>[number];

/** One appointment in the list's shape (for answers after a change). */
export async function findAppointmentDetail(db: Executor, scope: Scope, id: number) {
  const rows = await listAppointments(db, scope, { ids: [id], limit: 1, offset: 0 });
  return rows[0];
}

async function firstAppointment(db: Executor, condition: SQL | undefined, forUpdate: boolean) {
  const query = db.select().from(appointments).where(condition).limit(1);
  const rows: AppointmentRow[] = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** One appointment in the calendars the scope reaches (locked for a change). */
export async function findAppointment(
  db: Executor,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<AppointmentRow | undefined> {
  return firstAppointment(db, and(reachedAppointments(scope), eq(appointments.id, id)), forUpdate);
}

/** SQL: the appointments booked for the caller's own person in their practice; no rows for any other scope. */
export function ownAppointments(scope: Scope): SQL {
  // A booked patient may also be linked to the practice as a user: either way only rows naming them as client.
  if (scope.kind !== 'patient' && scope.kind !== 'practice') return sql`false`;
  return and(eq(appointments.customerId, scope.practiceId), eq(appointments.clientId, scope.userId)) as SQL;
}

/** One appointment of the patient scope's own person (locked for a change), whatever its state. */
export async function findOwnAppointment(
  db: Executor,
  scope: Scope,
  id: number,
  forUpdate = false,
): Promise<AppointmentRow | undefined> {
  return firstAppointment(db, and(ownAppointments(scope), eq(appointments.id, id)), forUpdate);
}

/** This member of a series and every later one (locked), for "delete this and all following". */
export async function lockSeriesFrom(db: Executor, scope: Scope, row: AppointmentRow): Promise<AppointmentRow[]> {
  if (!row.seriesId) return [row];
  return db
    .select()
    .from(appointments)
    .where(
      and(
        reachedAppointments(scope),
        eq(appointments.seriesId, row.seriesId),
        gte(appointments.startsAt, row.startsAt),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .for('update');
}

// The first key of the two-key advisory lock: the space of "one therapist's calendar" locks.
const CALENDAR_LOCK_SPACE = 0x63616c; // 'cal'

/**
 * Serialises the transactions that place appointments in one therapist's calendar, until commit. The exclusion
 * constraint alone still decides every overlap, but two transactions inserting conflicting rows at once each wait
 * for the other's row: PostgreSQL breaks that deadlock only after a second, and a crowd of them runs into the lock
 * timeout. Taken before any row lock, so that every writer takes its locks in the same order.
 */
export async function lockTherapistCalendar(db: Executor, therapistId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${CALENDAR_LOCK_SPACE}, ${therapistId})`);
}

export async function insertAppointment(
  db: Executor,
  scope: Scope,
  values: Omit<AppointmentValues, 'customerId'>,
): Promise<AppointmentRow> {
  const [row] = await db
    .insert(appointments)
    .values({ ...values, customerId: practiceToWrite(scope) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAppointment(db: Executor, scope: Scope, id: number, values: Partial<AppointmentValues>) {
  const [row] = await db
    .update(appointments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(reachedAppointments(scope), eq(appointments.id, id)))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteAppointments(db: Executor, scope: Scope, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(appointments).where(and(reachedAppointments(scope), inArray(appointments.id, ids)));
}

/** The client fields of a taken appointment, cleared when the slot is free again. */
export const CLEARED_CLIENT: Partial<AppointmentValues> = {
  clientId: null,
  clientSalutation: null,
  clientFirstName: null,
  clientLastName: null,
  clientEmail: null,
  clientPhoneCountry: null,
  clientPhone: null,
  clientStreet: null,
  clientPostalCode: null,
  clientCity: null,
  issue: null,
  insuranceType: null,
  cancelTokenHash: null,
  reminderSent: false,
};

export async function deleteFeesOfAppointment(db: Executor, scope: Scope, appointmentId: number): Promise<void> {
  await db.delete(appointmentFees).where(and(feeRows(db, scope), eq(appointmentFees.appointmentId, appointmentId)));
}

/**
 * How many sessions a client has had booked with a therapist (the patient record's session counter): units of 50
 * minutes, each appointment rounded to the nearest unit (half up) and counting at least one.
 */
export async function countClientAppointments(
  db: Executor,
  scope: Scope,
  clientId: number,
  therapistId: number,
): Promise<number> {
  const unitSeconds = SESSION_UNIT_MINUTES * 60;
  const units = sql`greatest(1, round((extract(epoch from ${appointments.endsAt} - ${appointments.startsAt}) / ${unitSeconds})::numeric))`;
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${units}), 0)`.mapWith(Number) })
    .from(appointments)
    .where(
      and(
        practiceRows(scope, appointments.customerId),
        eq(appointments.clientId, clientId),
        eq(appointments.therapistId, therapistId),
        inArray(appointments.state, ['taken', 'billable', 'billed']),
      ),
    );
  return row?.value ?? 0;
}
