import { can, ErrorCode, type Permission } from '@praxia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionEndReason } from './actor.js';
import type { CallerKind } from './caller-routes.js';
import { AppError, forbidden } from './errors.js';

/** Who may call a route: anyone, any signed-in user, or holders of a permission from the shared matrix. */
export type RouteAccess = 'public' | 'signedIn' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Open to a practice owner whose trial has expired (upgrade, own account, sign-out). */
    allowWithExpiredTrial?: boolean;
    /** Open to staff whose practice requires a second factor they have not set up (what the enrolment screen needs). */
    allowWithoutSecondFactor?: boolean;
  }
  interface FastifyInstance {
    /** Every registered route with its declared access, for the route-walking test. */
    routeAccess: { method: string; url: string; access: RouteAccess; caller?: CallerKind }[];
  }
}

// Routes registered by third-party plugins (API docs, static web files) are public by nature.
const INFRASTRUCTURE_PREFIXES = ['/api/docs'];
const isStaticFileRoute = (url: string) => !url.startsWith('/api');
const SECOND_FACTOR_ENROLMENT_PREFIX = '/api/user/mfa';

/**
 * Makes every route declare its access: registration fails for an /api route without one,
 * and the check runs before the body is even parsed.
 */
export function registerAccessControl(app: FastifyInstance): void {
  app.decorate('routeAccess', []);
  app.addHook('onRoute', (route) => {
    let access = route.config?.access;
    if (!access) {
      if (INFRASTRUCTURE_PREFIXES.some((prefix) => route.url.startsWith(prefix)) || isStaticFileRoute(route.url)) {
        access = 'public';
      } else {
        throw new Error(`Route ${route.method} ${route.url} declares no access (public, signedIn or a permission)`);
      }
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const caller = (route.constraints as { caller?: CallerKind } | undefined)?.caller;
    for (const method of methods) app.routeAccess.push({ method, url: route.url, access, ...(caller && { caller }) });
    const declared = access;
    const allowWithExpiredTrial = route.config?.allowWithExpiredTrial === true;
    // Everything under /api/user/mfa is enrolment, whichever module registers it.
    const allowWithoutSecondFactor =
      route.config?.allowWithoutSecondFactor === true || route.url.startsWith(SECOND_FACTOR_ENROLMENT_PREFIX);
    const check = async (request: FastifyRequest) =>
      assertAccess(request, declared, { allowWithExpiredTrial, allowWithoutSecondFactor });
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), check];
  });
}

export function assertAccess(
  request: FastifyRequest,
  access: RouteAccess,
  openings: { allowWithExpiredTrial?: boolean; allowWithoutSecondFactor?: boolean } = {},
): void {
  if (access === 'public') return;
  const actor = request.actor;
  // An ended session says why (the web shows the inactivity message only for inactivity).
  if (!actor)
    throw request.sessionEnded
      ? sessionEndedError(request.sessionEnded)
      : new AppError(ErrorCode.notSignedIn, { status: 401, detail: 'Not signed in' });
  // The practice's requirement comes first: until a strong factor is set up, nothing else of the account opens.
  if (actor.isSecondFactorMissing && !openings.allowWithoutSecondFactor)
    throw new AppError(ErrorCode.twoFactorRequired, { status: 403, detail: 'Set up a second factor first' });
  // Spec: an expired trial forces the upgrade screen; the server holds the same line.
  if (actor.isTrialExpired && !openings.allowWithExpiredTrial)
    throw new AppError(ErrorCode.trialExpired, { status: 403, detail: 'Trial expired' });
  if (access === 'signedIn') return;
  const [resource, privilege] = access;
  if (!can(actor.roles, resource, privilege)) throw forbidden('Keine Berechtigung.');
}

const SESSION_END_ERRORS: Record<SessionEndReason, { code: ErrorCode; detail: string }> = {
  inactivity: { code: ErrorCode.sessionExpired, detail: 'Session expired' },
  lifetime: { code: ErrorCode.sessionLifetimeEnded, detail: 'Session reached its maximum lifetime' },
  signedOut: { code: ErrorCode.sessionSignedOut, detail: 'Session was signed out' },
  passwordChanged: { code: ErrorCode.sessionPasswordChanged, detail: 'Session ended by a password change' },
  deactivated: { code: ErrorCode.sessionDeactivated, detail: 'Session ended by a deactivation' },
};

function sessionEndedError(reason: SessionEndReason): AppError {
  const { code, detail } = SESSION_END_ERRORS[reason];
  return new AppError(code, { status: 401, detail });
}
