import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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
import { documentTitle } from '@praxia/shared/therapist-pages';
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

/** A public page's head, written into the HTML the server sends: crawlers and link previews run no scripts. */
export type ServedHead = {
  title: string;
  description: string;
  /** The page's own address, made absolute with PUBLIC_URL; null for a page that is not one (a missing profile). */
  canonicalPath: string | null;
  isIndexable: boolean;
  /** Answered 404, with the page's HTML all the same (it says so to the visitor). */
  isMissing: boolean;
};

export type WebAppOptions = {
  publicUrl: string;
  /** The head of a public page by its URL (path and query); null leaves the entry's HTML as it is. */
  publicPageHead?: (url: string) => Promise<ServedHead | null>;
};

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);

/** The entry's HTML with the head's tags in place of its `<title>` (names and places are escaped, never markup). */
export function withHead(html: string, head: ServedHead, publicUrl: string): string {
  const title = escapeHtml(documentTitle(head.title));
  const description = escapeHtml(head.description);
  const canonical = head.canonicalPath === null ? null : escapeHtml(`${publicUrl}${head.canonicalPath}`);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    head.isIndexable ? '' : '<meta name="robots" content="noindex">',
    canonical === null ? '' : `<link rel="canonical" href="${canonical}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    canonical === null ? '' : `<meta property="og:url" content="${canonical}">`,
    '<meta property="og:type" content="website">',
  ].join('');
  // A function as the replacement: a `$&` in a practice's name stays text.
  if (/<title>[\s\S]*?<\/title>/i.test(html)) return html.replace(/<title>[\s\S]*?<\/title>/i, () => tags);
  return html.replace(/<\/head>/i, () => `${tags}</head>`);
}

/**
 * Serves the built web app, preferring the brotli and gzip files the build wrote beside each asset. The public
 * pages get the public entry's HTML (the search and profile with their head written in), the booking widget its own
 * (the one page other sites may frame), the video consultation its own; unknown non-API paths get index.html (see
 * the error plugin's not-found handler) so the staff app's router decides.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions, root = WEB_DIST): Promise<boolean> {
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
    const sendPublicPages = async (request: FastifyRequest, reply: FastifyReply) => {
      const head = await findHead(request, options);
      if (!head) return reply.type('text/html').sendFile(PUBLIC_PAGES_HTML);
      // Read at each request (a small file): a rebuilt web app is served at once, as sendFile does.
      const html = await readFile(join(root, PUBLIC_PAGES_HTML), 'utf8');
      return reply
        .status(head.isMissing ? 404 : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(withHead(html, head, options.publicUrl));
    };
    // Public: the head reads public profiles and postal codes in the system's row scope, as the public API does.
    const config = { access: 'public' as const };
    for (const path of Object.values(PUBLIC_PAGE_PATHS)) app.get(path, { config }, sendPublicPages);
    for (const prefix of PUBLIC_PAGE_PREFIXES) app.get(`${prefix}*`, { config }, sendPublicPages);
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

/** The page's head; a failure to find it (the database away) serves the page without one rather than an error. */
async function findHead(request: FastifyRequest, options: WebAppOptions): Promise<ServedHead | null> {
  try {
    return (await options.publicPageHead?.(request.url)) ?? null;
  } catch (error) {
    // The error's name only: a failed query's message carries its SQL and parameters, which logs never do.
    request.log.warn(`page head left out: ${error instanceof Error ? error.name : 'unknown error'}`);
    return null;
  }
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
