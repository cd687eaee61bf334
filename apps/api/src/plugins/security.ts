import helmet from '@fastify/helmet';
import { ErrorCode } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers and the same-origin rule for state-changing requests (security.md). */
export async function registerSecurity(app: FastifyInstance, options: { publicUrl: string; isProduction: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.isProduction ? [] : null,
      },
    },
    hsts: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none')
      throw forbidden('Cross-site request refused', ErrorCode.crossSiteRefused);
    const origin = request.headers.origin;
    if (origin && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw forbidden('Cross-site request refused', ErrorCode.crossSiteRefused);
    }
  });
}
