import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServer } from '../server-process.js';

// Root may write anywhere: as root the server runs as 'nobody', for whom the directory is really read-only.
const NOBODY = 65_534;
const asUser = process.getuid?.() === 0 ? NOBODY : undefined;

describe('a start-up that cannot succeed', () => {
  const parent = mkdtempSync(join(tmpdir(), 'praxia-start-'));
  chmodSync(parent, 0o755);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('says in one line that DATA_DIR is not writable, and exits 1', async () => {
    const readOnly = mkdtempSync(join(parent, 'data-'));
    chmodSync(readOnly, 0o555);
    const { code, stderr } = await runServer({ DATA_DIR: readOnly, HOME: parent }, { asUser });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Praxia could not start. DATA_DIR ${readOnly} is not writable (EACCES): give the user running Praxia write access, or set DATA_DIR to a writable directory.`,
    ]);
  });

  it('says in one line that PostgreSQL refuses connections, without the password', async () => {
    const { code, stderr } = await runServer({
      DATABASE_URL: 'postgres://praxia:geheim@127.0.0.1:1/praxia',
      DATA_DIR: join(parent, 'files'),
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'Praxia could not start. PostgreSQL at 127.0.0.1:1/praxia refuses connections: start PostgreSQL, or correct host and port in DATABASE_URL.',
    ]);
  });
});
