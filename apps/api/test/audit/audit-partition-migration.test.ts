import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const MIGRATION = '0026_audit_log_partitions';

/** The migrations folder as it was before the partitioning: the same files, the journal without it. */
function foldersBeforeAndWith(): { before: string; cleanUp: () => void } {
  const before = mkdtempSync(join(tmpdir(), 'praxia-migrations-'));
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const position = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  journal.entries = journal.entries.slice(0, position);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { before, cleanUp: () => rmSync(before, { recursive: true, force: true }) };
}

const database = new PGlite({ extensions: { btree_gist, cube, earthdistance } });
afterAll(() => database.close());

describe('partitioning the audit log (migration 0026)', () => {
  it('keeps every existing row, with its id, in the partition of its class and month', async () => {
    const { before, cleanUp } = foldersBeforeAndWith();
    try {
      await migrate(drizzle({ client: database }), { migrationsFolder: before });
    } finally {
      cleanUp();
    }
    await database.exec(`
      INSERT INTO audit_log (at, customer_id, patient_id, action, resource, outcome, request_id) VALUES
        ('2024-01-31 23:30:00+00', 7, 70, 'read', 'patient', 'success', 'read-berlin-february'),
        ('2024-01-15 12:00:00+00', 7, 70, 'update', 'diagnosis', 'success', 'change'),
        ('2023-06-01 08:00:00+00', 7, NULL, 'download', 'invoice', 'success', 'invoice-download'),
        ('2025-03-03 10:00:00+00', NULL, NULL, 'read', 'patient', 'denied', 'platform-row')`);
    const { rows: old } = await database.query<{ id: number; requestId: string }>(
      'SELECT id, request_id AS "requestId" FROM audit_log ORDER BY id',
    );

    await migrate(drizzle({ client: database }), { migrationsFolder });

    const { rows } = await database.query<{ id: number; requestId: string; partition: string }>(
      'SELECT id, request_id AS "requestId", tableoid::regclass::text AS partition FROM audit_log ORDER BY id',
    );
    expect(rows).toEqual([
      // 23:30 UTC on 31 January is already February in Berlin.
      { id: old[0]?.id, requestId: 'read-berlin-february', partition: 'audit_log_reads_2024_02' },
      { id: old[1]?.id, requestId: 'change', partition: 'audit_log_billing_2024_01' },
      { id: old[2]?.id, requestId: 'invoice-download', partition: 'audit_log_billing_2023_06' },
      { id: old[3]?.id, requestId: 'platform-row', partition: 'audit_log_reads_2025_03' },
    ]);
    // New rows continue the old numbering.
    const { rows: added } = await database.query<{ id: number }>(
      `INSERT INTO audit_log (customer_id, action, resource, outcome) VALUES (7, 'read', 'patient', 'success')
       RETURNING id`,
    );
    expect(added[0]?.id).toBeGreaterThan(old[3]?.id ?? Number.POSITIVE_INFINITY);
  });
});
