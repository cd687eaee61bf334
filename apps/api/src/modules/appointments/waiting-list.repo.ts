import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { waitingListEntries, waitingListRemovalLinks } from '../../db/schema.js';

export type WaitingListEntryRow = typeof waitingListEntries.$inferSelect;

export async function insertWaitingListEntry(db: Executor, values: typeof waitingListEntries.$inferInsert) {
  const [row] = await db.insert(waitingListEntries).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertRemovalLink(db: Executor, entryId: number, tokenHash: Uint8Array): Promise<void> {
  await db.insert(waitingListRemovalLinks).values({ entryId, tokenHash });
}

/** Deletes the entry one of its removal links names (its links go with it); false when the link is unknown. */
export async function deleteEntryByRemovalLink(db: Executor, tokenHash: Uint8Array): Promise<boolean> {
  const rows = await db
    .delete(waitingListEntries)
    .where(
      inArray(
        waitingListEntries.id,
        db
          .select({ id: waitingListRemovalLinks.entryId })
          .from(waitingListRemovalLinks)
          .where(eq(waitingListRemovalLinks.tokenHash, tokenHash)),
      ),
    )
    .returning({ id: waitingListEntries.id });
  return rows.length > 0;
}

/** The entries of one calendar, oldest first (the order of the offers), up to `limit`. */
export async function listWaitingEntries(db: Executor, therapistId: number, customerId: number, limit: number) {
  return db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.therapistId, therapistId), eq(waitingListEntries.customerId, customerId)))
    .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id))
    .limit(limit);
}

/** Removes the entries of an address with a therapist, in one practice when `customerId` is given. */
export async function deleteEntriesOfEmail(
  db: Executor,
  therapistId: number,
  email: string,
  customerId?: number,
): Promise<void> {
  await db
    .delete(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.therapistId, therapistId),
        customerId === undefined ? undefined : eq(waitingListEntries.customerId, customerId),
        sql`lower(${waitingListEntries.email}) = ${email.toLowerCase()}`,
      ),
    );
}

/** Deletes the entries created before `cutoff`; returns how many. */
export async function deleteEntriesCreatedBefore(db: Executor, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(waitingListEntries)
    .where(lt(waitingListEntries.createdAt, cutoff))
    .returning({ id: waitingListEntries.id });
  return rows.length;
}
