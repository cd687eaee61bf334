import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { waitingListEntries, waitingListRemovalLinks } from '../../db/schema.js';
import { calendarRows, practiceRows, practiceToWrite, type Scope } from '../../lib/scope.js';

export type WaitingListEntryRow = typeof waitingListEntries.$inferSelect;

/** SQL: the entries waiting for calendars the scope reaches. */
const reachedEntries = (scope: Scope) =>
  calendarRows(scope, waitingListEntries.customerId, waitingListEntries.therapistId);

export async function insertWaitingListEntry(
  db: Executor,
  scope: Scope,
  values: Omit<typeof waitingListEntries.$inferInsert, 'customerId'>,
) {
  const [row] = await db
    .insert(waitingListEntries)
    .values({ ...values, customerId: practiceToWrite(scope) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertRemovalLink(db: Executor, entryId: number, tokenHash: Uint8Array): Promise<void> {
  await db.insert(waitingListRemovalLinks).values({ entryId, tokenHash });
}

/** Deletes the entry one of its removal links names (its links go with it); false when the link is unknown. */
export async function deleteEntryByRemovalLink(db: Executor, scope: Scope, tokenHash: Uint8Array): Promise<boolean> {
  const rows = await db
    .delete(waitingListEntries)
    .where(
      and(
        practiceRows(scope, waitingListEntries.customerId),
        inArray(
          waitingListEntries.id,
          db
            .select({ id: waitingListRemovalLinks.entryId })
            .from(waitingListRemovalLinks)
            .where(eq(waitingListRemovalLinks.tokenHash, tokenHash)),
        ),
      ),
    )
    .returning({ id: waitingListEntries.id });
  return rows.length > 0;
}

/** The entries of one calendar, oldest first (the order of the offers), up to `limit`. */
export async function listWaitingEntries(db: Executor, scope: Scope, therapistId: number, limit: number) {
  return db
    .select()
    .from(waitingListEntries)
    .where(and(reachedEntries(scope), eq(waitingListEntries.therapistId, therapistId)))
    .orderBy(asc(waitingListEntries.createdAt), asc(waitingListEntries.id))
    .limit(limit);
}

/** Removes the entries of an address with a therapist, in the calendars the scope reaches. */
export async function deleteEntriesOfEmail(
  db: Executor,
  scope: Scope,
  therapistId: number,
  email: string,
): Promise<void> {
  await db
    .delete(waitingListEntries)
    .where(
      and(
        reachedEntries(scope),
        eq(waitingListEntries.therapistId, therapistId),
        sql`lower(${waitingListEntries.email}) = ${email.toLowerCase()}`,
      ),
    );
}

/** Deletes the entries created before `cutoff`; returns how many. */
export async function deleteEntriesCreatedBefore(db: Executor, scope: Scope, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(waitingListEntries)
    .where(and(practiceRows(scope, waitingListEntries.customerId), lt(waitingListEntries.createdAt, cutoff)))
    .returning({ id: waitingListEntries.id });
  return rows.length;
}
