import { ErrorCode } from '@praxia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called by other servers (the payment provider's webhook), never by a browser: no same-origin proof. */
    isServerToServer?: boolean;
    /** A page that other sites may show in an iframe (the booking widget on practices' websites). */
    isFramable?: boolean;
    /**
     * A GET that changes state all the same (the spec's logout): it needs the same-origin proof of a state-changing
     * request, so another site's link or image cannot trigger it.
     */
    isSameOriginOnly?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers, no caching of API answers and the same-origin rule for state-changing requests (security.md). */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; isProduction: boolean; mapTileOrigin?: string | null },
) {
  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine sets inline style attributes; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // The profile map's tiles, when a tile server other than ours is configured (MAP_TILE_URL).
    imgSrc: ["'self'", 'data:', 'blob:', ...(options.mapTileOrigin ? [options.mapTileOrigin] : [])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // The one framing policy; routes marked isFramable (the booking widget) are the one exception, below.
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: options.isProduction ? [] : null,
  };
  const headerOptions: HelmetOptions = {
    contentSecurityPolicy: { directives },
    // X-Frame-Options cannot express the widget's exception and would contradict frame-ancestors there.
    xFrameOptions: false,
    hsts: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
  // The widget is embedded by practices' own websites, whichever they are: any site may frame it. Everything else in
  // its policy stays as strict as on every other page.
  const framableOptions: HelmetOptions = {
    ...headerOptions,
    contentSecurityPolicy: { directives: { ...directives, frameAncestors: ['*'] } },
  };
  // Helmet itself, built once: @fastify/helmet builds it again on every request, parsing the policy each time, which
  // cost the public widget a measurable share of its time (bench/widget-week.ts).
  const setHeaders = helmet(headerOptions);
  const setFramableHeaders = helmet(framableOptions);
  app.addHook('onRequest', (request, reply, done) => {
    const set = request.routeOptions.config?.isFramable ? setFramableHeaders : setHeaders;
    set(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });

  // API answers carry personal data: no browser or proxy keeps them, unless a route chose a policy (the logo).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if ((SAFE_METHODS.has(request.method) && !config?.isSameOriginOnly) || config?.isServerToServer) return;
    if (!isSameOrigin(request, publicOrigin))
      throw new AppError(ErrorCode.crossSiteRefused, { status: 403, detail: 'Cross-site request refused' });
  });
}

/**
 * A state-changing request must show it comes from our own page: browsers send Sec-Fetch-Site and, on such requests,
 * Origin. A request with neither cannot show it, so it is refused too (a form or an old client on another site).
 */
function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
  return site !== undefined;
}
