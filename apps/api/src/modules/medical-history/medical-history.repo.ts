import type { HistoryState } from '@praxia/shared';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { medicalHistoryEntries } from '../../db/schema.js';

export type HistoryRow = typeof medicalHistoryEntries.$inferSelect;

/** Every entry of a patient in a practice, newest first (the service nests the versions). */
export async function listHistoryRows(db: Executor, customerId: number, clientId: number, states?: HistoryState[]) {
  return db
    .select()
    .from(medicalHistoryEntries)
    .where(
      and(
        eq(medicalHistoryEntries.customerId, customerId),
        eq(medicalHistoryEntries.clientId, clientId),
        states ? inArray(medicalHistoryEntries.state, states) : undefined,
      ),
    )
    .orderBy(desc(medicalHistoryEntries.createdAt), desc(medicalHistoryEntries.id));
}

/** One entry of the practice; undefined for a missing id and for another practice's alike. */
export async function findHistoryRow(db: Executor, customerId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(medicalHistoryEntries)
    .where(and(eq(medicalHistoryEntries.id, id), eq(medicalHistoryEntries.customerId, customerId)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function insertHistoryRow(db: Executor, values: typeof medicalHistoryEntries.$inferInsert) {
  const [row] = await db.insert(medicalHistoryEntries).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateHistoryRow(
  db: Executor,
  id: number,
  values: Partial<Pick<HistoryRow, 'state' | 'parentId' | 'sharedWithPatient'>>,
) {
  await db.update(medicalHistoryEntries).set(values).where(eq(medicalHistoryEntries.id, id));
}

/** Older versions of a note move below its newest version, so versions never nest deeper than one level. */
export async function moveVersionsBelow(db: Executor, oldId: number, newId: number) {
  await db
    .update(medicalHistoryEntries)
    .set({ parentId: newId })
    .where(or(eq(medicalHistoryEntries.id, oldId), eq(medicalHistoryEntries.parentId, oldId)));
}

/** Bytes the therapist's files take: active, changed and deleted ones all stay stored (retention). */
export async function sumTherapistFileBytes(db: Executor, therapistId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${medicalHistoryEntries.sizeBytes}), 0)` })
    .from(medicalHistoryEntries)
    .where(and(eq(medicalHistoryEntries.therapistId, therapistId), isNotNull(medicalHistoryEntries.storageKey)));
  return Number(row?.total ?? 0);
}

/** What the patient may see: active documents shared with them, and what they sent themselves. */
export async function listPatientDocumentRows(db: Executor, clientId: number) {
  return db
    .select()
    .from(medicalHistoryEntries)
    .where(patientVisible(clientId))
    .orderBy(desc(medicalHistoryEntries.createdAt), desc(medicalHistoryEntries.id));
}

export async function findPatientDocumentRow(db: Executor, clientId: number, id: number) {
  const [row] = await db
    .select()
    .from(medicalHistoryEntries)
    .where(and(eq(medicalHistoryEntries.id, id), patientVisible(clientId)));
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
