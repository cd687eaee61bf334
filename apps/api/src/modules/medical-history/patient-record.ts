import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { patients, users } from '../../db/schema.js';
import { practiceRows, type Scope, therapistRows } from '../../lib/scope.js';

/**
 * The few patient facts the medical history needs (practice, therapist, name, birthday). Read-only: the patients
 * module owns the table; this stays a narrow query so both can evolve apart.
 */
export type PatientRecord = {
  userId: number;
  customerId: number;
  therapistId: number;
  patientNumber: number;
  firstName: string;
  lastName: string;
  birthday: string | null;
};

const columns = {
  userId: patients.userId,
  customerId: patients.customerId,
  therapistId: patients.therapistId,
  patientNumber: patients.patientNumber,
  firstName: users.firstName,
  lastName: users.lastName,
  birthday: patients.birthday,
};

/**
 * A patient that is not deleted, of a therapist the scope reaches; undefined for a missing one and for one out of
 * reach alike.
 */
export async function findPatientRecord(db: Executor, scope: Scope, userId: number) {
  const [row] = await db
    .select(columns)
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        eq(patients.userId, userId),
        therapistRows(scope, patients.customerId, patients.therapistId),
        isNull(patients.deletedAt),
      ),
    );
  return row as PatientRecord | undefined;
}

/** The signed-in patient's own record in the scope's practice (patient portal). */
export async function findOwnPatientRecord(db: Executor, scope: Scope, userId: number) {
  const [row] = await db
    .select(columns)
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        eq(patients.userId, userId),
        practiceRows(scope, patients.customerId),
        isNull(patients.deletedAt),
        eq(users.isAccount, true),
      ),
    );
  return row as PatientRecord | undefined;
}

/** Locks the therapist's row: concurrent uploads counting against one quota then check one after another. */
export async function lockTherapist(db: Executor, therapistId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.id, therapistId))
    .for('update');
  return row;
}
