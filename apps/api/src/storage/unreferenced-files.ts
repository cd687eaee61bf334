import { inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Database, Executor } from '../db/client.js';
import { afterCommit, withTransaction } from '../db/unit-of-work.js';
import type { FileStorage } from './file-storage.js';
import { unreferencedFiles } from './storage.schema.js';

/*
 * Why a list of unreferenced keys rather than comparing a listing of the storage with the columns that hold keys:
 * a bucket listing grows with every file ever stored and every new key column would have to be added to the
 * comparison; this list only ever holds the few files between their write and their row's commit (or between losing
 * their last reference and their removal), and it is kept in the same transactions as those rows, so it cannot drift.
 */

/** A file still listed this long after it was listed is an orphan: no write or transaction takes a day. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** Files removed per sweep run; the next run takes the rest. */
const SWEEP_BATCH = 1000;

async function listKeys(db: Executor, keys: string[]) {
  if (keys.length > 0) {
    await db
      .insert(unreferencedFiles)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing();
  }
}

/** Marks files as referenced: called in the transaction that commits the rows pointing at them. */
export async function unlistKeys(db: Executor, keys: string[]) {
  if (keys.length > 0) await db.delete(unreferencedFiles).where(inArray(unreferencedFiles.key, keys));
}

/** Lists new files as unreferenced, then writes them (outside any transaction; see storeThenCommit). */
export async function writeUnreferenced(
  db: Database,
  storage: FileStorage,
  files: { key: string; write: (storage: FileStorage) => Promise<void> }[],
): Promise<void> {
  await listKeys(
    db,
    files.map((file) => file.key),
  );
  for (const file of files) await file.write(storage);
}

/** Removes a file and its listing; a failure is logged and left to the sweep. */
async function discardFile(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>, key: string) {
  try {
    await ctx.storage.remove(key);
    await unlistKeys(ctx.db, [key]);
  } catch (error) {
    ctx.log.warn({ err: error, key }, 'file not removed; the daily sweep removes it');
  }
}

/**
 * Writes new files, then commits the rows that reference them, so no committed row ever points at a missing file and
 * no storage call holds a transaction open. The keys are listed before the write and unlisted in the committing
 * transaction; when the write or the transaction fails the files are removed at once, and after a crash by the sweep.
 */
export async function storeThenCommit<T>(
  ctx: AppContext,
  files: { key: string; write: (storage: FileStorage) => Promise<void> }[],
  commit: (tx: AppContext) => Promise<T>,
): Promise<T> {
  if (ctx.unitOfWork) throw new Error('files are written before their transaction, never inside one');
  const keys = files.map((file) => file.key);
  try {
    await writeUnreferenced(ctx.db, ctx.storage, files);
    return await withTransaction(ctx, async (tx) => {
      const result = await commit(tx);
      await unlistKeys(tx.db, keys);
      return result;
    });
  } catch (error) {
    for (const key of keys) await discardFile(ctx, key);
    throw error;
  }
}

/**
 * Within `tx`, drops the last reference to a stored file: it is listed in the same transaction and removed once that
 * commits (a rollback undoes the listing and keeps the file; a crash before the removal leaves it to the sweep).
 */
export async function removeFileAfterCommit(ctx: AppContext, tx: AppContext, key: string): Promise<void> {
  await listKeys(tx.db, [key]);
  // Awaited by the transaction's caller: the answer comes once the old file is gone (discardFile never throws).
  afterCommit(tx, () => discardFile(ctx, key));
}

/** Removes the files listed longer than ORPHAN_AGE_MS ago (the daily job); answers how many it removed. */
export async function sweepUnreferencedFiles(
  db: Database,
  storage: FileStorage,
  now: Date = new Date(),
): Promise<number> {
  const stale = await db
    .select({ key: unreferencedFiles.key })
    .from(unreferencedFiles)
    .where(lt(unreferencedFiles.listedAt, new Date(now.getTime() - ORPHAN_AGE_MS)))
    .limit(SWEEP_BATCH);
  for (const { key } of stale) {
    await storage.remove(key);
    await unlistKeys(db, [key]);
  }
  return stale.length;
}

/** The daily job that removes orphaned files (written for a transaction that never committed). */
export function scheduleUnreferencedFileSweep(ctx: AppContext): void {
  ctx.jobs.schedule('storage-orphan-sweep', '17 3 * * *', async () => {
    const removed = await sweepUnreferencedFiles(ctx.db, ctx.storage);
    if (removed > 0) ctx.log.info({ removed }, 'orphaned files removed');
  });
}
