import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreferencedFiles } from '../../src/db/schema.js';
import { ORPHAN_AGE_MS, sweepUnreferencedFiles, writeUnreferenced } from '../../src/storage/unreferenced-files.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  // Any app on the shared PostgreSQL database could take the queued sweep and look in its own storage folder.
  t = await createTestApp({ isOwnDatabase: true });
});
afterAll(() => t.close());

const keyOf = (name: string) => `practices/9/documents/${name}-${process.pid}-${Date.now()}.pdf`;

describe('the orphan sweep', () => {
  it('removes files listed for longer than a day and keeps those still being written', async () => {
    const { storage } = t.app.ctx;
    const orphan = keyOf('orphan');
    const fresh = keyOf('fresh');
    await writeUnreferenced(t.database.db, storage, [
      { key: orphan, write: (into) => into.put(orphan, Buffer.from('verwaist')) },
      { key: fresh, write: (into) => into.put(fresh, Buffer.from('gleich committet')) },
    ]);
    // The orphan's transaction "failed" two days ago.
    await t.database.db
      .update(unreferencedFiles)
      .set({ listedAt: new Date(Date.now() - 2 * ORPHAN_AGE_MS) })
      .where(eq(unreferencedFiles.key, orphan));

    await sweepUnreferencedFiles(t.database.db, storage);

    expect(await storage.exists(orphan)).toBe(false);
    expect(await storage.exists(fresh)).toBe(true);
    const listed = await t.database.db
      .select({ key: unreferencedFiles.key })
      .from(unreferencedFiles)
      .where(inArray(unreferencedFiles.key, [orphan, fresh]));
    expect(listed).toEqual([{ key: fresh }]);
  });

  it('runs as the daily queue job', async () => {
    const { storage } = t.app.ctx;
    const orphan = keyOf('queued');
    await writeUnreferenced(t.database.db, storage, [
      { key: orphan, write: (into) => into.put(orphan, Buffer.from('x')) },
    ]);
    await t.database.db
      .update(unreferencedFiles)
      .set({ listedAt: new Date(Date.now() - 2 * ORPHAN_AGE_MS) })
      .where(eq(unreferencedFiles.key, orphan));
    await t.app.ctx.jobs.send('storage-orphan-sweep');
    await expect.poll(() => storage.exists(orphan), { timeout: 20_000, interval: 200 }).toBe(false);
  });
});
