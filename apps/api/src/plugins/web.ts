import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Serves the built web app; unknown non-API paths get index.html so the client router decides. */
export async function registerWebApp(app: FastifyInstance, root = WEB_DIST): Promise<boolean> {
  if (!existsSync(`${root}/index.html`)) return false;
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  return true;
}
