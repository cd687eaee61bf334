import { isIPv6 } from 'node:net';
import { ErrorCode } from '@praxia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** Limits on the sign-in, token and mail-sending routes (security.md); tests raise them with a scale factor. */
export type RateLimitSettings = {
  scale: number;
  /**
   * Keeps these counts apart from other apps' on the same database (the counts live there, shared by all processes):
   * tests on the one PostgreSQL database that outlives each run give every app its own.
   */
  keyPrefix?: string;
};

/**
 * The network a client controls: its IPv4 address, or the /64 of an IPv6 address (one connection usually has a
 * whole /64 and could otherwise pick a fresh address for every attempt).
 */
export function clientNetwork(ip: string): string {
  if (!isIPv6(ip) || ip.toLowerCase().startsWith('::ffff:')) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

export function perIp(settings: RateLimitSettings, max: number, timeWindow: string) {
  return {
    max: Math.ceil(max * settings.scale),
    timeWindow,
    keyGenerator: (request: FastifyRequest) => clientNetwork(request.ip),
  };
}

/**
 * A per-network limit for the guests of a route that also serves signed-in users (the public profile): signed-in
 * callers keep their unlimited use, guests share their network's budget.
 */
export function perGuestIp(settings: RateLimitSettings, max: number, timeWindow: string) {
  return { ...perIp(settings, max, timeWindow), allowList: (request: FastifyRequest) => request.actor !== null };
}

/**
 * A per-network limit that only slows scraping of public reads (the widget's weeks, the search, profiles, pictures):
 * counted in each process's memory, not in the database (rate-limit-store.ts), so a page view writes nothing.
 */
export function perIpInProcess(settings: RateLimitSettings, max: number, timeWindow: string) {
  return { ...perIp(settings, max, timeWindow), countedIn: 'process' as const };
}

/** perGuestIp, counted in each process's memory like perIpInProcess. */
export function perGuestIpInProcess(settings: RateLimitSettings, max: number, timeWindow: string) {
  return { ...perGuestIp(settings, max, timeWindow), countedIn: 'process' as const };
}

/**
 * A limit on one signed-in user's use of an expensive route (image uploads), from whatever network; a caller without
 * a session counts against its network.
 */
export function perUserOrNetwork(settings: RateLimitSettings, max: number, timeWindow: string) {
  return {
    max: Math.ceil(max * settings.scale),
    timeWindow,
    keyGenerator: (request: FastifyRequest) =>
      request.actor ? `user:${request.actor.userId}` : clientNetwork(request.ip),
  };
}

const namedAccount = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
};

function accountLimit(
  app: FastifyInstance,
  settings: RateLimitSettings,
  max: number,
  timeWindow: string,
  key: (request: FastifyRequest) => string,
  detail = 'Too many attempts for this account, please wait.',
): (request: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit({
    max: Math.ceil(max * settings.scale),
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `account:${request.routeOptions.url}:${key(request)}`,
  });
  return async (request) => {
    const result = await check(request);
    // isAllowed only means allow-listed; the count decides.
    if (!result.isAllowed && result.isExceeded) throw new AppError(ErrorCode.tooManyRequests, { status: 429, detail });
  };
}

/**
 * A limit keyed on the address the request names (the e-mail in the body), whoever asks: it bounds the mails one
 * address receives (reset links, registrations). Runs after the body is parsed.
 */
export function perAccount(app: FastifyInstance, settings: RateLimitSettings, max: number, timeWindow: string) {
  return accountLimit(app, settings, max, timeWindow, (request) => namedAccount(request) ?? clientNetwork(request.ip));
}

/** A limit keyed on the signed-in caller (runs after the session is known). */
export function perUser(app: FastifyInstance, settings: RateLimitSettings, max: number, timeWindow: string) {
  return accountLimit(
    app,
    settings,
    max,
    timeWindow,
    (request) => `user:${request.actor?.userId}`,
    'Too many attempts, please wait.',
  );
}

/**
 * A limit keyed on the link token in the path (`:token`), whoever asks: it bounds the tries at one link from all
 * networks together, which a per-network limit alone cannot (many addresses, one link).
 */
export function perLinkToken(app: FastifyInstance, settings: RateLimitSettings, max: number, timeWindow: string) {
  return accountLimit(
    app,
    settings,
    max,
    timeWindow,
    (request) => `link:${(request.params as { token?: unknown }).token}`,
    'Too many attempts for this link, please wait.',
  );
}

/**
 * A limit keyed on the account together with the caller's network: wrong passwords from one network use up only
 * that network's budget, so nobody can lock an account's owner out by failing its sign-in on purpose.
 */
export function perAccountFromNetwork(
  app: FastifyInstance,
  settings: RateLimitSettings,
  max: number,
  timeWindow: string,
) {
  return accountLimit(
    app,
    settings,
    max,
    timeWindow,
    (request) => `${namedAccount(request) ?? ''}@${clientNetwork(request.ip)}`,
  );
}

/**
 * E-mail change requests each send a mail to an address the caller chooses: at most 5 an hour per user and 3 an
 * hour per target address. The service calls it only when the address really changes.
 */
export function emailChangeLimit(app: FastifyInstance, settings: RateLimitSettings) {
  const perCaller = perUser(app, settings, 5, '1 hour');
  const perTarget = perAccount(app, settings, 3, '1 hour');
  return async (request: FastifyRequest) => {
    await perCaller(request);
    await perTarget(request);
  };
}
