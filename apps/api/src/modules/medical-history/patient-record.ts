import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { customers, patients, users } from '../../db/schema.js';
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

const therapist = alias(users, 'therapist');

/**
 * What a printed medical history names besides the patient (spec people §2: practice and therapist): the practice's
 * name and the treating therapist as a letterhead would. Undefined when the scope does not reach the patient.
 */
export async function findPrintHeading(db: Executor, scope: Scope, record: PatientRecord) {
  const [row] = await db
    .select({
      practiceName: customers.name,
      salutation: therapist.salutation,
      title: therapist.title,
      firstName: therapist.firstName,
      lastName: therapist.lastName,
      jobTitleType: therapist.jobTitleType,
      jobTitleFreetext: therapist.jobTitleFreetext,
    })
    .from(patients)
    .innerJoin(customers, eq(customers.id, patients.customerId))
    .innerJoin(therapist, eq(therapist.id, patients.therapistId))
    .where(and(eq(patients.userId, record.userId), therapistRows(scope, patients.customerId, patients.therapistId)));
  if (!row) return undefined;
  const { practiceName, ...person } = row;
  return { practiceName, therapist: person };
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
