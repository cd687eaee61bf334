import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointments, appointmentTypes } from '../../db/schema.js';

export type AppointmentTypeRow = typeof appointmentTypes.$inferSelect;

export type TypeFilter = {
  customerId: number;
  /** null: every therapist of the practice. */
  userIds: number[] | null;
  deactivated?: boolean;
  limit: number;
  offset: number;
};

export async function listAppointmentTypes(db: Executor, filter: TypeFilter) {
  const where = and(
    eq(appointmentTypes.customerId, filter.customerId),
    filter.userIds ? inArray(appointmentTypes.userId, filter.userIds) : undefined,
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

export async function findAppointmentType(db: Executor, id: number, forUpdate = false) {
  const query = db.select().from(appointmentTypes).where(eq(appointmentTypes.id, id)).limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/**
 * The ids of the therapist's active types in the practice, locked in id order: two requests that each deactivate one
 * of the last two types wait for each other (without deadlocking), so the second sees that only one is left.
 */
export async function lockActiveTypes(db: Executor, customerId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(
      and(
        eq(appointmentTypes.customerId, customerId),
        eq(appointmentTypes.userId, userId),
        eq(appointmentTypes.deactivated, false),
      ),
    )
    .orderBy(asc(appointmentTypes.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function insertAppointmentType(db: Executor, values: typeof appointmentTypes.$inferInsert) {
  const [row] = await db.insert(appointmentTypes).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAppointmentType(
  db: Executor,
  id: number,
  values: Partial<typeof appointmentTypes.$inferInsert>,
): Promise<AppointmentTypeRow> {
  const [row] = await db.update(appointmentTypes).set(values).where(eq(appointmentTypes.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function isAppointmentTypeUsed(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.appointmentTypeId, id))
    .limit(1);
  return rows.length > 0;
}

export async function deleteAppointmentType(db: Executor, id: number): Promise<void> {
  await db.delete(appointmentTypes).where(eq(appointmentTypes.id, id));
}

/** Whether the therapist has any type in the practice (the default type is given once). */
export async function hasAppointmentTypes(db: Executor, customerId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.customerId, customerId), eq(appointmentTypes.userId, userId)))
    .limit(1);
  return rows.length > 0;
}
