import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customers, patients, users } from '../../db/schema.js';
import { type PracticeScope, practiceRows, type Scope, therapistRows } from '../../lib/scope.js';

export type PatientRecordRow = { user: typeof users.$inferSelect; patient: typeof patients.$inferSelect };

async function selectLivePatient(db: Executor, where: SQL | undefined, forUpdate: boolean) {
  const query = db
    .select({ user: users, patient: patients })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(where, isNull(patients.deletedAt), eq(users.deleted, false)))
    .limit(1);
  const rows = forUpdate ? await query.for('update', { of: patients }) : await query;
  return rows[0] as PatientRecordRow | undefined;
}

/** A live patient (not deleted) of a therapist the scope reaches, with its user row; locked when `forUpdate`. */
export async function findPatient(db: Executor, scope: Scope, id: number, forUpdate = false) {
  const reached = therapistRows(scope, patients.customerId, patients.therapistId);
  return selectLivePatient(db, and(eq(patients.userId, id), reached), forUpdate);
}

/** The signed-in patient's own live record in the scope's practice (their profile). */
export async function findOwnPatient(db: Executor, scope: Scope, userId: number, forUpdate = false) {
  return selectLivePatient(db, and(eq(patients.userId, userId), practiceRows(scope, patients.customerId)), forUpdate);
}

/** Whether the id is a live patient of the scope's practice, whoever treats them (of any practice for the system). */
export async function isLivePatient(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const row = await selectLivePatient(
    db,
    and(eq(patients.userId, id), practiceRows(scope, patients.customerId)),
    false,
  );
  return row !== undefined;
}

/**
 * The next patient number of the scope's practice: one above the highest ever given (deleted patients keep theirs),
 * at least the practice's first patient number. The caller holds the practice row's lock, so two creations wait for
 * each other instead of taking the same number.
 */
export async function nextPatientNumber(db: Executor, scope: PracticeScope): Promise<number | null> {
  const [practice] = await db
    .select({ first: customers.firstPatientNumber })
    .from(customers)
    .where(and(eq(customers.id, scope.practiceId), isNull(customers.deletedAt)))
    .for('update')
    .limit(1);
  if (!practice) return null;
  const [row] = await db
    .select({ max: sql<number | null>`max(${patients.patientNumber})` })
    .from(patients)
    .where(practiceRows(scope, patients.customerId));
  return Math.max(Number(row?.max ?? 0) + 1, practice.first ?? 1);
}

/** Whether another patient of the scope's practice has this number. */
export async function isPatientNumberTaken(db: Executor, scope: Scope, number: number, exceptUserId: number) {
  const rows = await db
    .select({ id: patients.userId })
    .from(patients)
    .where(
      and(
        practiceRows(scope, patients.customerId),
        eq(patients.patientNumber, number),
        ne(patients.userId, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether another live patient of the therapist in the scope's practice has this e-mail address. */
export async function isPatientEmailTaken(
  db: Executor,
  scope: Scope,
  therapistId: number,
  email: string,
  exceptUserId?: number,
) {
  const rows = await db
    .select({ id: users.id })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        practiceRows(scope, patients.customerId),
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

/** A new patient row, filed in the scope's practice. */
export async function insertPatient(
  db: Executor,
  scope: PracticeScope,
  values: Omit<typeof patients.$inferInsert, 'customerId'>,
): Promise<void> {
  await db.insert(patients).values({ ...values, customerId: scope.practiceId });
}

/** Changes a patient of the scope's practice (the caller checked first that it may). */
export async function updatePatient(
  db: Executor,
  scope: Scope,
  id: number,
  values: Partial<Omit<typeof patients.$inferInsert, 'customerId'>>,
) {
  if (!Object.keys(values).length) return;
  await db
    .update(patients)
    .set(values)
    .where(and(eq(patients.userId, id), practiceRows(scope, patients.customerId)));
}

/** Soft-deletes a patient of the scope's practice; whether there was one (the caller then retires their user). */
export async function markPatientDeleted(db: Executor, scope: Scope, id: number, now: Date): Promise<boolean> {
  const marked = await db
    .update(patients)
    .set({ deletedAt: now })
    .where(and(eq(patients.userId, id), practiceRows(scope, patients.customerId)))
    .returning({ id: patients.userId });
  return marked.length > 0;
}

/** The therapist's live patients with this e-mail address (any case) in the scope's practice, oldest first. */
export async function findPatientsByEmail(db: Executor, scope: Scope, therapistId: number, email: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      patientNumber: patients.patientNumber,
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        practiceRows(scope, patients.customerId),
        eq(patients.therapistId, therapistId),
        isNull(patients.deletedAt),
        eq(users.deleted, false),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(users.id);
}

/** The first of them, if any: a booking by staff links it instead of making a new record. */
export async function findPatientIdByEmail(db: Executor, scope: Scope, therapistId: number, email: string) {
  const [first] = await findPatientsByEmail(db, scope, therapistId, email);
  return first?.id;
}
