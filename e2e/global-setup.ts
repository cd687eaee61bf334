import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { dumpPgliteTemplate } from '../apps/api/src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite that every stack's database starts from (migrating each took seconds). */
    pgliteTemplatePath: string;
  }
}

/** The e2e tests serve the built web app; `npm run test:e2e` builds it first. */
export default async function setup(project: TestProject): Promise<() => void> {
  const index = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(index)) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const path = join(tmpdir(), `praxia-e2e-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await (await dumpPgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(path, { force: true });
}
