import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';

/** Per-IP limits on the sign-in and token routes (security.md); tests raise them with a scale factor. */
export type RateLimitSettings = { scale: number };

export function perIp(settings: RateLimitSettings, max: number, timeWindow: string) {
  return { max: Math.ceil(max * settings.scale), timeWindow };
}

/** A second limit keyed on the account the request names (the e-mail in the body). */
export function perAccount(
  app: FastifyInstance,
  settings: RateLimitSettings,
  max: number,
  timeWindow: string,
): preHandlerHookHandler {
  return app.rateLimit({
    max: Math.ceil(max * settings.scale),
    timeWindow,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `account:${typeof email === 'string' ? email.trim().toLowerCase() : request.ip}`;
    },
  });
}
