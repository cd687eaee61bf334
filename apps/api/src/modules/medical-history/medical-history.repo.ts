import type { HistoryState } from '@praxia/shared';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { medicalHistoryEntries } from '../../db/schema.js';
import { practiceRows, practiceToWrite, type Scope } from '../../lib/scope.js';

export type HistoryRow = typeof medicalHistoryEntries.$inferSelect;

// Entries belong to a patient: the caller loads the patient in its scope first (its own patients, or the signed-in
// patient themself); these keep to the scope's practice.
const inPractice = (scope: Scope) => practiceRows(scope, medicalHistoryEntries.customerId);

/** Every entry of a patient, newest first (the service nests the versions). */
export async function listHistoryRows(db: Executor, scope: Scope, clientId: number, states?: HistoryState[]) {
  return db
    .select()
    .from(medicalHistoryEntries)
    .where(
      and(
        inPractice(scope),
        eq(medicalHistoryEntries.clientId, clientId),
        states ? inArray(medicalHistoryEntries.state, states) : undefined,
      ),
    )
    .orderBy(desc(medicalHistoryEntries.createdAt), desc(medicalHistoryEntries.id));
}

/** One entry of the scope's practice; undefined for a missing id and for another practice's alike. */
export async function findHistoryRow(db: Executor, scope: Scope, id: number, lock = false) {
  const query = db
    .select()
    .from(medicalHistoryEntries)
    .where(and(eq(medicalHistoryEntries.id, id), inPractice(scope)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertHistoryRow(
  db: Executor,
  scope: Scope,
  values: Omit<typeof medicalHistoryEntries.$inferInsert, 'customerId'>,
) {
  const [row] = await db
    .insert(medicalHistoryEntries)
    .values({ ...values, customerId: practiceToWrite(scope) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateHistoryRow(
  db: Executor,
  scope: Scope,
  id: number,
  values: Partial<Pick<HistoryRow, 'state' | 'parentId' | 'sharedWithPatient'>>,
) {
  await db
    .update(medicalHistoryEntries)
    .set(values)
    .where(and(eq(medicalHistoryEntries.id, id), inPractice(scope)));
}

/** Older versions of a note move below its newest version, so versions never nest deeper than one level. */
export async function moveVersionsBelow(db: Executor, scope: Scope, oldId: number, newId: number) {
  await db
    .update(medicalHistoryEntries)
    .set({ parentId: newId })
    .where(and(or(eq(medicalHistoryEntries.id, oldId), eq(medicalHistoryEntries.parentId, oldId)), inPractice(scope)));
}

/** Bytes the therapist's files take: active, changed and deleted ones all stay stored (retention). */
export async function sumTherapistFileBytes(db: Executor, scope: Scope, therapistId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${medicalHistoryEntries.sizeBytes}), 0)` })
    .from(medicalHistoryEntries)
    .where(
      and(
        inPractice(scope),
        eq(medicalHistoryEntries.therapistId, therapistId),
        isNotNull(medicalHistoryEntries.storageKey),
      ),
    );
  return Number(row?.total ?? 0);
}

/** What the patient may see: active documents shared with them, and what they sent themselves. */
export async function listPatientDocumentRows(db: Executor, scope: Scope, clientId: number) {
  return db
    .select()
    .from(medicalHistoryEntries)
    .where(and(inPractice(scope), patientVisible(clientId)))
    .orderBy(desc(medicalHistoryEntries.createdAt), desc(medicalHistoryEntries.id));
}

export async function findPatientDocumentRow(db: Executor, scope: Scope, clientId: number, id: number) {
  const [row] = await db
    .select()
    .from(medicalHistoryEntries)
    .where(and(eq(medicalHistoryEntries.id, id), inPractice(scope), patientVisible(clientId)));
  return row;
}

const patientVisible = (clientId: number) =>
  and(
    eq(medicalHistoryEntries.clientId, clientId),
    eq(medicalHistoryEntries.state, 'active'),
    isNotNull(medicalHistoryEntries.storageKey),
    isNull(medicalHistoryEntries.parentId),
    or(eq(medicalHistoryEntries.sharedWithPatient, true), eq(medicalHistoryEntries.sentByPatient, true)),
  );
