import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { diagnoses, feeScheduleItems, userDiagnoses, userFeeDefaults } from '../../db/schema.js';

const CATALOGUE_LIMIT = 50;
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

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

export async function listUserDiagnoses(db: Executor, customerId: number, userId: number) {
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
    .where(and(eq(userDiagnoses.customerId, customerId), eq(userDiagnoses.userId, userId)))
    .orderBy(asc(userDiagnoses.id));
}

export async function findUserDiagnosis(db: Executor, id: number) {
  const rows = await db.select().from(userDiagnoses).where(eq(userDiagnoses.id, id)).limit(1);
  return rows[0];
}

export async function insertUserDiagnosis(db: Executor, values: typeof userDiagnoses.$inferInsert) {
  const [row] = await db.insert(userDiagnoses).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteUserDiagnoses(db: Executor, ids: number[]) {
  if (ids.length) await db.delete(userDiagnoses).where(inArray(userDiagnoses.id, ids));
}

/** The patients' fee defaults with their catalogue items (none for coaching entries). */
export async function listFeeDefaults(db: Executor, customerId: number, userIds: number[]) {
  return db
    .select({ feeDefault: userFeeDefaults, item: feeScheduleItems })
    .from(userFeeDefaults)
    .leftJoin(feeScheduleItems, eq(feeScheduleItems.codeValue, userFeeDefaults.codeValue))
    .where(and(eq(userFeeDefaults.customerId, customerId), inArray(userFeeDefaults.userId, userIds)))
    .orderBy(asc(userFeeDefaults.id));
}

export async function findFeeDefaults(db: Executor, ids: number[]) {
  return db.select().from(userFeeDefaults).where(inArray(userFeeDefaults.id, ids));
}

export async function insertFeeDefault(db: Executor, values: typeof userFeeDefaults.$inferInsert) {
  const [row] = await db.insert(userFeeDefaults).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function deleteFeeDefaults(db: Executor, ids: number[]) {
  if (ids.length) await db.delete(userFeeDefaults).where(inArray(userFeeDefaults.id, ids));
}
