import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { type DatabaseHandle, dumpPgliteTemplate, openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite (with the postal codes) that every test file's database starts from. */
    pgliteTemplatePath: string;
  }
}

/**
 * On PostgreSQL all test files share one database: migrate it once before they start. On PGlite every test file has
 * its own in-memory database; migrating each one took seconds per file, so they start from one migrated dump.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) {
    const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    await handle.close();
    return undefined;
  }
  const path = join(tmpdir(), `praxia-pglite-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await (await dumpPgliteTemplate(createJobQueueTables)).arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(path, { force: true });
}

/**
 * The job queue's schema and its queues (a table each) as the app creates them at start: otherwise the first app of
 * every test file would create them again, half a second each time.
 */
async function createJobQueueTables(database: DatabaseHandle): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-template-'));
  try {
    const config = { ...readConfig({}), dataDir, databaseUrl: undefined, seedDemo: false };
    const app = await buildApp({ config, database, serveWeb: false });
    await app.ready();
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
