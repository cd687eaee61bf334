import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from './errors.js';

/** Per-IP limits on the sign-in and token routes (security.md); tests raise them with a scale factor. */
export type RateLimitSettings = { scale: number };

export function perIp(settings: RateLimitSettings, max: number, timeWindow: string) {
  return { max: Math.ceil(max * settings.scale), timeWindow };
}

/**
 * A second limit keyed on the account the request names (the e-mail in the body), so one address
 * cannot be tried from many IPs. Runs after the body is parsed.
 */
export function perAccount(
  app: FastifyInstance,
  settings: RateLimitSettings,
  max: number,
  timeWindow: string,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: Math.ceil(max * settings.scale),
    timeWindow,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `account:${request.routeOptions.url}:${typeof email === 'string' ? email.trim().toLowerCase() : request.ip}`;
    },
  });
  return async (request) => {
    const result = await check(request);
    // isAllowed only means allow-listed; the count decides.
    if (!result.isAllowed && result.isExceeded)
      throw new AppError('Too Many Requests', 'Too many attempts for this account, please wait.');
  };
}
