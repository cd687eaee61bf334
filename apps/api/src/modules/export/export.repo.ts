import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  diagnoses,
  medicalHistoryEntries,
  patients,
  userCustomers,
  userDiagnoses,
  userFeeDefaults,
  users,
} from '../../db/schema.js';
import { practiceRows, type Scope, therapistRows } from '../../lib/scope.js';

/** The therapist, when they belong to the scope's practice. */
export async function findTherapistInPractice(db: Executor, scope: Scope, therapistId: number) {
  const [row] = await db
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .innerJoin(userCustomers, eq(userCustomers.userId, users.id))
    .where(and(eq(users.id, therapistId), practiceRows(scope, userCustomers.customerId)));
  return row;
}

/** A live patient's therapist, when the scope's practice holds the patient. */
export async function findPatientTherapist(db: Executor, scope: Scope, patientId: number) {
  const [row] = await db
    .select({ therapistId: patients.therapistId })
    .from(patients)
    .where(and(eq(patients.userId, patientId), practiceRows(scope, patients.customerId), isNull(patients.deletedAt)));
  return row;
}

/**
 * The live patients of the therapists the scope reaches (the export narrows it to the one exported), or only the
 * one patient given.
 */
export async function listExportPatients(db: Executor, scope: Scope, patientId: number | null = null) {
  return db
    .select({
      id: users.id,
      patientNumber: patients.patientNumber,
      salutation: users.salutation,
      title: users.title,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      phoneCountry: users.phoneCountry,
      birthday: patients.birthday,
      street: users.street,
      postalCode: users.postalCode,
      city: users.city,
      country: users.country,
      insuranceType: patients.insuranceType,
      careOf: patients.careOf,
      invoiceAddress: patients.invoiceAddress,
      invoiceDigital: patients.invoiceDigital,
      internalNote: patients.internalNote,
      invoiceRemark: patients.invoiceRemark,
      defaultUserDiagnosisId: patients.defaultUserDiagnosisId,
    })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        therapistRows(scope, patients.customerId, patients.therapistId),
        isNull(patients.deletedAt),
        patientId === null ? undefined : eq(patients.userId, patientId),
      ),
    )
    .orderBy(asc(patients.patientNumber));
}

export async function listExportDiagnoses(db: Executor, scope: Scope, patientIds: number[]) {
  if (patientIds.length === 0) return [];
  return db
    .select({
      id: userDiagnoses.id,
      userId: userDiagnoses.userId,
      codeValue: userDiagnoses.codeValue,
      title: diagnoses.title,
      freeText: userDiagnoses.freeText,
    })
    .from(userDiagnoses)
    .leftJoin(diagnoses, eq(diagnoses.codeValue, userDiagnoses.codeValue))
    .where(and(practiceRows(scope, userDiagnoses.customerId), inArray(userDiagnoses.userId, patientIds)))
    .orderBy(asc(userDiagnoses.userId), asc(userDiagnoses.id));
}

export async function listExportFeeDefaults(db: Executor, scope: Scope, patientIds: number[]) {
  if (patientIds.length === 0) return [];
  return db
    .select()
    .from(userFeeDefaults)
    .where(and(practiceRows(scope, userFeeDefaults.customerId), inArray(userFeeDefaults.userId, patientIds)))
    .orderBy(asc(userFeeDefaults.userId), asc(userFeeDefaults.id));
}

export async function listExportHistory(db: Executor, scope: Scope, patientIds: number[]) {
  if (patientIds.length === 0) return [];
  return db
    .select()
    .from(medicalHistoryEntries)
    .where(
      and(practiceRows(scope, medicalHistoryEntries.customerId), inArray(medicalHistoryEntries.clientId, patientIds)),
    )
    .orderBy(asc(medicalHistoryEntries.clientId), asc(medicalHistoryEntries.createdAt), asc(medicalHistoryEntries.id));
}
