import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../modules/auth/session.plugin.js';

/**
 * Two addresses carry two contracts each: a guest's (the public profile, the widget's booking) and a signed-in
 * caller's (the user form, staff booking). Each contract is its own route behind the same path, with its own access
 * declaration, schema and handler; the router picks one by whether the request carries the session cookie. A caller
 * whose session has ended reaches the signed-in route and gets its 401, so the web can show its inactivity message.
 */
export type CallerKind = 'guest' | 'session';

const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`);

export function callerKindOf(cookieHeader: string | undefined): CallerKind {
  return cookieHeader && COOKIE_PATTERN.test(cookieHeader) ? 'session' : 'guest';
}

export function registerCallerRoutes(app: FastifyInstance): void {
  app.addConstraintStrategy({
    name: 'caller',
    // Routes without the constraint match every caller.
    mustMatchWhenDerived: false,
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (kind: string) => (handlers.get(kind) ?? null) as never,
        set: (kind: string, store: unknown) => {
          handlers.set(kind, store);
        },
      };
    },
    deriveConstraint: (request) => callerKindOf(request.headers.cookie),
  });
}
