import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Drizzle's migrator applies only journal entries newer than the newest applied one and still reports success, so a
// migration merged with an older timestamp would silently never run. This keeps the journal in strict order.
const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe('migration journal', () => {
  it('has strictly increasing timestamps', () => {
    for (const [index, entry] of journal.entries.entries()) {
      const previous = journal.entries[index - 1];
      if (previous)
        expect(entry.when, `${entry.tag} must be newer than ${previous.tag}`).toBeGreaterThan(previous.when);
    }
  });

  it('lists exactly the SQL files, in their order', () => {
    const files = readdirSync(folder)
      .filter((name) => name.endsWith('.sql'))
      .sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(files.map((_, index) => index));
  });
});
