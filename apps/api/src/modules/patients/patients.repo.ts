import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers, patients, users } from '../../db/schema.js';

export type PatientRecordRow = { user: typeof users.$inferSelect; patient: typeof patients.$inferSelect };

/** A live patient (not deleted) with its user row; locked when `forUpdate`. */
export async function findPatient(db: Executor, id: number, forUpdate = false): Promise<PatientRecordRow | undefined> {
  const query = db
    .select({ user: users, patient: patients })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(patients.userId, id), isNull(patients.deletedAt), eq(users.deleted, false)))
    .limit(1);
  const rows = forUpdate ? await query.for('update', { of: patients }) : await query;
  return rows[0];
}

/**
 * The next patient number of the practice: one above the highest ever given (deleted patients keep theirs), at
 * least the practice's first patient number. The caller holds the practice row's lock, so two creations wait for
 * each other instead of taking the same number.
 */
export async function nextPatientNumber(db: Executor, customerId: number): Promise<number | null> {
  const [practice] = await db
    .select({ first: customers.firstPatientNumber })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .for('update')
    .limit(1);
  if (!practice) return null;
  const [row] = await db
    .select({ max: sql<number | null>`max(${patients.patientNumber})` })
    .from(patients)
    .where(eq(patients.customerId, customerId));
  return Math.max(Number(row?.max ?? 0) + 1, practice.first ?? 1);
}

export async function isPatientNumberTaken(db: Executor, customerId: number, number: number, exceptUserId: number) {
  const rows = await db
    .select({ id: patients.userId })
    .from(patients)
    .where(
      and(eq(patients.customerId, customerId), eq(patients.patientNumber, number), ne(patients.userId, exceptUserId)),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether another live patient of the therapist has this e-mail address. */
export async function isPatientEmailTaken(db: Executor, therapistId: number, email: string, exceptUserId?: number) {
  const rows = await db
    .select({ id: users.id })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        eq(patients.therapistId, therapistId),
        isNull(patients.deletedAt),
        eq(users.deleted, false),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertPatient(db: Executor, values: typeof patients.$inferInsert): Promise<void> {
  await db.insert(patients).values(values);
}

export async function updatePatient(db: Executor, id: number, values: Partial<typeof patients.$inferInsert>) {
  if (Object.keys(values).length) await db.update(patients).set(values).where(eq(patients.userId, id));
}

export async function markPatientDeleted(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(patients).set({ deletedAt: now }).where(eq(patients.userId, id));
  await db.update(users).set({ deleted: true }).where(eq(users.id, id));
}

/**
 * The live patient of the therapist with this e-mail address, if any (a booking links it instead of a new record);
 * only within the practice when `customerId` is given (a guest's booking).
 */
export async function findPatientIdByEmail(db: Executor, therapistId: number, email: string, customerId?: number) {
  const rows = await db
    .select({ id: users.id })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        eq(patients.therapistId, therapistId),
        customerId === undefined ? undefined : eq(patients.customerId, customerId),
        isNull(patients.deletedAt),
        eq(users.deleted, false),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(users.id)
    .limit(1);
  return rows[0]?.id;
}
