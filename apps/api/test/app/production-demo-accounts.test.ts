import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, readConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { hasDemoUsers } from '../../src/seed/demo.js';
import { runServer } from '../server-process.js';
import { createPostgresDatabase } from '../test-app.js';

// Every database here is this file's own (a PGlite directory, or a PostgreSQL database created here): the shared
// test database may hold demo accounts seeded by other files, and a fresh one must have none.
const serverUrl = process.env.DATABASE_URL;
// A start on a new embedded database migrates and loads the postal codes: tens of seconds on a busy machine.
const SLOW_START = 90_000;
const TEST_TIMEOUT = { timeout: SLOW_START + 30_000 };

const REFUSAL =
  'This database holds the demo accounts, whose passwords are published: run production on a fresh database (another DATA_DIR or DATABASE_URL), or set PAYMENT_PROVIDER=sandbox and SEED_DEMO=1 for a demo installation.';

describe('a production start and the demo accounts', () => {
  const parent = mkdtempSync(join(tmpdir(), 'praxia-prod-demo-'));
  const drops: (() => Promise<void>)[] = [];
  let seeded: Record<string, string>;

  /** A new, empty database of this file's own, as the environment that points the server at it. */
  async function freshDatabase(): Promise<Record<string, string>> {
    const dataDir = mkdtempSync(join(parent, 'data-'));
    if (!serverUrl) return { DATA_DIR: dataDir };
    const { url, drop } = await createPostgresDatabase(serverUrl);
    drops.push(drop);
    return { DATA_DIR: dataDir, DATABASE_URL: url };
  }

  /** Read from the database itself: the server may be stopped before its banner lists the demo logins. */
  async function holdsDemoAccounts(env: Record<string, string>): Promise<boolean> {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    try {
      return await hasDemoUsers(handle.db);
    } finally {
      await handle.close();
    }
  }

  // Everything else production asks for is in order, so only the demo accounts can stop these starts.
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://praxia.test',
    ALLOW_EMBEDDED_DATABASE: '1',
    MOLLIE_API_KEY: 'test_not_a_real_key',
    OPERATOR_NAME: 'Praxia Test GmbH',
    OPERATOR_ADDRESS: 'Teststraße 1, 10115 Berlin',
    OPERATOR_VAT_ID: 'DE123456789',
    SECOND_FACTOR_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  const { MOLLIE_API_KEY: _, ...withoutMollie } = production;
  const demoInstallation = { ...withoutMollie, PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: '1' };

  beforeAll(async () => {
    seeded = await freshDatabase();
    // What the README's `npm start` leaves behind: a development start that seeded the demo data.
    const { stdout } = await runServer(
      { ...seeded, SEED_DEMO: '1' },
      { stopOnceListening: true, timeoutMs: SLOW_START },
    );
    expect(stdout).toContain('Praxia runs at');
    expect(await holdsDemoAccounts(seeded)).toBe(true);
  }, TEST_TIMEOUT.timeout);

  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('refuses to start on a database with the demo accounts, in one line, exit code 1', TEST_TIMEOUT, async () => {
    const { code, stdout, stderr } = await runServer({ ...seeded, ...production }, { timeoutMs: SLOW_START });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([`Praxia could not start. ${REFUSAL}`]);
    expect(stdout).not.toContain('Praxia runs at');
    // buildApp itself refuses, so every way of building the app does.
    const config = readConfig({ ...seeded, ...production });
    await expect(buildApp({ config, serveWeb: false })).rejects.toThrow(new ConfigError(REFUSAL));
  });

  it('starts on that database as a demo installation (sandbox payments and SEED_DEMO=1)', TEST_TIMEOUT, async () => {
    const { stdout, stderr } = await runServer(
      { ...seeded, ...demoInstallation },
      { stopOnceListening: true, timeoutMs: SLOW_START },
    );
    expect(stderr).not.toContain('could not start');
    expect(stdout).toContain('Praxia runs at https://praxia.test');
  });

  it('starts on a fresh database, which gets no demo accounts', TEST_TIMEOUT, async () => {
    const fresh = await freshDatabase();
    const { stdout, stderr } = await runServer(
      { ...fresh, ...production },
      { stopOnceListening: true, timeoutMs: SLOW_START },
    );
    expect(stderr).not.toContain('could not start');
    expect(stdout).toContain('Praxia runs at https://praxia.test');
    expect(await holdsDemoAccounts(fresh)).toBe(false);
  });
});
