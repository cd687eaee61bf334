import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { diagnoses, feeScheduleItems, patients, userDiagnoses, userFeeDefaults, users } from '../../db/schema.js';
import { likeEscape } from '../../lib/like-pattern.js';
import { practiceRows, practiceToWrite, type Scope } from '../../lib/scope.js';

const CATALOGUE_LIMIT = 50;

/** ICD codes starting with the text, or titles containing every word of it (≤ 50, by code). */
export async function searchDiagnosisCatalogue(db: Executor, searchString: string | undefined) {
  const text = (searchString ?? '').trim();
  const words = text.split(/\s+/).filter(Boolean).slice(0, 5);
  const where = text
    ? or(
        ilike(diagnoses.codeValue, `${likeEscape(text)}%`),
        and(...words.map((word) => ilike(diagnoses.title, `%${likeEscape(word)}%`))),
      )
    : undefined;
  return db
    .select({ codeValue: diagnoses.codeValue, title: diagnoses.title })
    .from(diagnoses)
    .where(where)
    .orderBy(asc(diagnoses.codeValue))
    .limit(CATALOGUE_LIMIT);
}

export async function findDiagnosisCode(db: Executor, codeValue: string) {
  const rows = await db.select().from(diagnoses).where(eq(diagnoses.codeValue, codeValue)).limit(1);
  return rows[0];
}

/** GOÄ items whose code starts with the text or whose titles contain every word of it (≤ 50). */
export async function searchFeeCatalogue(db: Executor, searchString: string | undefined) {
  const text = (searchString ?? '').trim();
  const words = text.split(/\s+/).filter(Boolean).slice(0, 5);
  const where = text
    ? or(
        ilike(feeScheduleItems.codeValue, `${likeEscape(text)}%`),
        and(
          ...words.map((word) =>
            or(
              ilike(feeScheduleItems.title, `%${likeEscape(word)}%`),
              ilike(feeScheduleItems.titleShort, `%${likeEscape(word)}%`),
            ),
          ),
        ),
      )
    : undefined;
  return db
    .select()
    .from(feeScheduleItems)
    .where(where)
    .orderBy(sql`length(${feeScheduleItems.codeValue})`, asc(feeScheduleItems.codeValue))
    .limit(CATALOGUE_LIMIT);
}

export async function findFeeItem(db: Executor, codeValue: string) {
  const rows = await db.select().from(feeScheduleItems).where(eq(feeScheduleItems.codeValue, codeValue)).limit(1);
  return rows[0];
}

// Diagnoses and fee defaults are a patient's: the caller loads the patient in its scope first (the therapists it
// reaches); these keep to the scope's practice.

export async function listUserDiagnoses(db: Executor, scope: Scope, userId: number) {
  return db
    .select({
      id: userDiagnoses.id,
      userId: userDiagnoses.userId,
      codeValue: userDiagnoses.codeValue,
      freeText: userDiagnoses.freeText,
      title: diagnoses.title,
    })
    .from(userDiagnoses)
    .leftJoin(diagnoses, eq(diagnoses.codeValue, userDiagnoses.codeValue))
    .where(and(practiceRows(scope, userDiagnoses.customerId), eq(userDiagnoses.userId, userId)))
    .orderBy(asc(userDiagnoses.id));
}

export async function findUserDiagnosis(db: Executor, scope: Scope, id: number) {
  const rows = await db
    .select()
    .from(userDiagnoses)
    .where(and(eq(userDiagnoses.id, id), practiceRows(scope, userDiagnoses.customerId)))
    .limit(1);
  return rows[0];
}

export async function insertUserDiagnosis(
  db: Executor,
  scope: Scope,
  values: Omit<typeof userDiagnoses.$inferInsert, 'customerId'>,
) {
  const [row] = await db
    .insert(userDiagnoses)
    .values({ ...values, customerId: practiceToWrite(scope) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteUserDiagnoses(db: Executor, scope: Scope, ids: number[]) {
  if (!ids.length) return;
  await db
    .delete(userDiagnoses)
    .where(and(inArray(userDiagnoses.id, ids), practiceRows(scope, userDiagnoses.customerId)));
}

/** The patients' fee defaults with their catalogue items (none for coaching entries). */
export async function listFeeDefaults(db: Executor, scope: Scope, userIds: number[]) {
  return db
    .select({ feeDefault: userFeeDefaults, item: feeScheduleItems })
    .from(userFeeDefaults)
    .leftJoin(feeScheduleItems, eq(feeScheduleItems.codeValue, userFeeDefaults.codeValue))
    .where(and(practiceRows(scope, userFeeDefaults.customerId), inArray(userFeeDefaults.userId, userIds)))
    .orderBy(asc(userFeeDefaults.id));
}

export async function findFeeDefaults(db: Executor, scope: Scope, ids: number[]) {
  return db
    .select()
    .from(userFeeDefaults)
    .where(and(inArray(userFeeDefaults.id, ids), practiceRows(scope, userFeeDefaults.customerId)));
}

export async function insertFeeDefault(
  db: Executor,
  scope: Scope,
  values: Omit<typeof userFeeDefaults.$inferInsert, 'customerId'>,
) {
  const [row] = await db
    .insert(userFeeDefaults)
    .values({ ...values, customerId: practiceToWrite(scope) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteFeeDefaults(db: Executor, scope: Scope, ids: number[]) {
  if (!ids.length) return;
  await db
    .delete(userFeeDefaults)
    .where(and(inArray(userFeeDefaults.id, ids), practiceRows(scope, userFeeDefaults.customerId)));
}

/** The catalogue rows of the given codes (for the reference items of analog numbers). */
export async function findFeeItems(db: Executor, codes: string[]) {
  if (codes.length === 0) return [];
  return db.select().from(feeScheduleItems).where(inArray(feeScheduleItems.codeValue, codes));
}

/** The job type of the therapist who bills (users carry no practice: the caller found the therapist in scope). */
export async function findJobTitleType(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ type: users.jobTitleType }).from(users).where(eq(users.id, userId));
  return row?.type ?? null;
}

/** The patient's §2 GOÄ agreement fields, in the practice. */
export async function findFeeAgreementFields(db: Executor, scope: Scope, patientId: number) {
  const [row] = await db
    .select({
      feeAgreementDate: patients.feeAgreementDate,
      feeAgreementFactor: patients.feeAgreementFactor,
      feeAgreementSigned: patients.feeAgreementSigned,
    })
    .from(patients)
    .where(and(eq(patients.userId, patientId), practiceRows(scope, patients.customerId)));
  return row ?? null;
}
