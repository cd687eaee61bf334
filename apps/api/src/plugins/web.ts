import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  PUBLIC_PAGE_PATHS,
  PUBLIC_PAGE_PREFIXES,
  PUBLIC_PAGES_HTML,
  THERAPIST_SEARCH_PATH,
  therapistSearchPath,
  VIDEO_HTML,
  VIDEO_PAGE_PREFIX,
  WIDGET_HTML,
  WIDGET_PAGE_PREFIX,
} from '@praxia/shared/public-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Vite names every built script and style `/assets/<name>-<content hash>.<ext>`: a new content gets a new name. */
const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.\w+$/;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|pdf|map)$/;

/**
 * Hashed assets may be cached for a year without asking again; everything else (index.html, sw.js, the legal PDFs)
 * is revalidated on every use, so a deploy is seen at once.
 */
function setCacheHeaders(response: { setHeader(name: string, value: string): unknown }, sentPath: string): void {
  const path = sentPath.replace(/\.(br|gz)$/, '');
  response.setHeader('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  // The same address answers brotli, gzip or plain by the request's Accept-Encoding; shared caches must know.
  if (COMPRESSIBLE.test(path)) response.setHeader('vary', 'accept-encoding');
}

const BARE_WIDGET_PATH = WIDGET_PAGE_PREFIX.slice(0, -1);
const APPOINTMENT_AREA_PATH = '/appointment';

/**
 * Serves the built web app, preferring the brotli and gzip files the build wrote beside each asset. The public
 * pages get the public entry's HTML, the booking widget its own (the one page other sites may frame), the video
 * consultation its own; unknown non-API paths get index.html (see the error plugin's not-found handler) so the staff
 * app's router decides.
 */
export async function registerWebApp(app: FastifyInstance, root = WEB_DIST): Promise<boolean> {
  if (!existsSync(`${root}/index.html`)) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });
  if (existsSync(`${root}/${PUBLIC_PAGES_HTML}`)) {
    const sendPublicPages = (_request: FastifyRequest, reply: FastifyReply) =>
      reply.type('text/html').sendFile(PUBLIC_PAGES_HTML);
    for (const path of Object.values(PUBLIC_PAGE_PATHS)) app.get(path, sendPublicPages);
    for (const prefix of PUBLIC_PAGE_PREFIXES) app.get(`${prefix}*`, sendPublicPages);
  }
  if (existsSync(`${root}/${WIDGET_HTML}`)) {
    const sendWidget = (_request: FastifyRequest, reply: FastifyReply) => reply.type('text/html').sendFile(WIDGET_HTML);
    app.get(`${WIDGET_PAGE_PREFIX}*`, { config: { isFramable: true } }, sendWidget);
    // Without ids the widget says that this booking page does not exist (spec appointments §1: /appointment leads here).
    app.get(BARE_WIDGET_PATH, { config: { isFramable: true } }, sendWidget);
    app.get(APPOINTMENT_AREA_PATH, (_request, reply) => reply.redirect(BARE_WIDGET_PATH, 302));
  }
  if (existsSync(`${root}/${VIDEO_HTML}`)) {
    app.get(`${VIDEO_PAGE_PREFIX}*`, (_request, reply) => reply.type('text/html').sendFile(VIDEO_HTML));
  }
  return true;
}

/**
 * GET /suche?postcode=12345 → 301 /suche/psychotherapeuten-in-12345 (spec appointments §2: the search redirect moves
 * the postcode into the path; without one, the empty search). Registered with or without the built web app.
 */
export function registerSearchRedirect(app: FastifyInstance): void {
  app.get(THERAPIST_SEARCH_PATH, (request, reply) => {
    const { postcode } = request.query as { postcode?: unknown };
    // Encoded into one path segment of our own site: whatever was sent cannot lead elsewhere.
    const postalCode = typeof postcode === 'string' ? postcode.trim().slice(0, 20) : '';
    return reply.redirect(therapistSearchPath(postalCode), 301);
  });
}
