import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointments, appointmentTypes } from '../../db/schema.js';
import { calendarRows, practiceRows, practiceToWrite, type Scope } from '../../lib/scope.js';

export type AppointmentTypeRow = typeof appointmentTypes.$inferSelect;
type TypeValues = Omit<typeof appointmentTypes.$inferInsert, 'customerId'>;

/** SQL: the types of the calendars the scope reaches (a type belongs to its therapist's calendar). */
const reachedTypes = (scope: Scope) => calendarRows(scope, appointmentTypes.customerId, appointmentTypes.userId);

export type TypeFilter = { deactivated?: boolean; limit: number; offset: number };

export async function listAppointmentTypes(db: Executor, scope: Scope, filter: TypeFilter) {
  const where = and(
    reachedTypes(scope),
    filter.deactivated === undefined ? undefined : eq(appointmentTypes.deactivated, filter.deactivated),
  );
  const rows = await db
    .select()
    .from(appointmentTypes)
    .where(where)
    .orderBy(asc(appointmentTypes.deactivated), asc(appointmentTypes.name), asc(appointmentTypes.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total = await db.select({ value: count() }).from(appointmentTypes).where(where);
  return { rows, maxItems: total[0]?.value ?? 0 };
}

export async function findAppointmentType(db: Executor, scope: Scope, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(appointmentTypes)
    .where(and(reachedTypes(scope), eq(appointmentTypes.id, id)))
    .limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/**
 * The ids of the therapist's active types in the practice, locked in id order: two requests that each deactivate one
 * of the last two types wait for each other (without deadlocking), so the second sees that only one is left.
 */
export async function lockActiveTypes(db: Executor, scope: Scope, therapistId: number): Promise<number[]> {
  const rows = await db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(and(reachedTypes(scope), eq(appointmentTypes.userId, therapistId), eq(appointmentTypes.deactivated, false)))
    .orderBy(asc(appointmentTypes.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function insertAppointmentType(db: Executor, scope: Scope, values: TypeValues) {
  const [row] = await db
    .insert(appointmentTypes)
    .values({ ...values, customerId: practiceToWrite(scope) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAppointmentType(
  db: Executor,
  scope: Scope,
  id: number,
  values: Partial<TypeValues>,
): Promise<AppointmentTypeRow> {
  const [row] = await db
    .update(appointmentTypes)
    .set(values)
    .where(and(reachedTypes(scope), eq(appointmentTypes.id, id)))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

/** Whether any appointment of the practice has the type (they keep it, so it can only be deactivated). */
export async function isAppointmentTypeUsed(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(practiceRows(scope, appointments.customerId), eq(appointments.appointmentTypeId, id)))
    .limit(1);
  return rows.length > 0;
}

export async function deleteAppointmentType(db: Executor, scope: Scope, id: number): Promise<void> {
  await db.delete(appointmentTypes).where(and(reachedTypes(scope), eq(appointmentTypes.id, id)));
}

/** Whether the therapist has any type in the scope's practice (the default type is given once). */
export async function hasAppointmentTypes(db: Executor, scope: Scope, therapistId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(appointmentTypes)
    .where(and(reachedTypes(scope), eq(appointmentTypes.userId, therapistId)))
    .limit(1);
  return rows.length > 0;
}
