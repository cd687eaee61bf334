import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The e2e tests serve the built web app; `npm run test:e2e` builds it first. */
export default function setup(): void {
  const index = fileURLToPath(new URL('../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(index)) throw new Error('apps/web/dist is missing: run `npm run build` first');
}
