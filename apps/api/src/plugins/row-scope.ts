import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enterRowScope, type RowScope } from '../db/row-scope.js';
import { rowScopeOf, scopeOf } from '../lib/scope.js';
import type { Actor } from './actor.js';

declare module 'fastify' {
  interface FastifyRequest {
    rowScopeContext: AsyncResource | null;
  }
}

/**
 * The rows a request's queries may see (db/row-scope.ts): a public route reads as the system (widget, search,
 * profile, links), a platform admin too; a signed-in caller sees the acting practice's rows, a patient their
 * practice's; anyone else nothing.
 * Read at each query, so it follows the caller once the session is known.
 */
export function requestRowScope(request: FastifyRequest): RowScope {
  if (request.routeOptions.config?.access === 'public') return 'system';
  return request.actor ? callerRowScope(request.actor) : 'none';
}

/**
 * The rows a signed-in caller's work may see. A public route that also serves signed-in callers under their own
 * rules (a therapist's picture, public for the search and profile pages) enters it for that branch with
 * `withRowScope`.
 */
export function callerRowScope(actor: Actor): RowScope {
  return rowScopeOf(scopeOf(actor));
}

/** Methods whose requests Fastify reads no body for: their hooks and handler run on in the context entered first. */
const BODILESS = new Set(['GET', 'HEAD']);

/**
 * Enters the request's scope before any other hook. Fastify parses a body in the stream's callbacks, outside the
 * request's async context, so for a request that may carry one the context is entered again before validation (as
 * @fastify/request-context does); the public reads (widget, search) skip that resource's cost.
 */
export function registerRowScope(app: FastifyInstance): void {
  app.decorateRequest('rowScopeContext', null);
  app.addHook('onRequest', (request, _reply, done) => {
    enterRowScope(
      () => requestRowScope(request),
      () => {
        if (!BODILESS.has(request.method)) request.rowScopeContext = new AsyncResource('praxia-row-scope');
        done();
      },
    );
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.rowScopeContext) request.rowScopeContext.runInAsyncScope(done);
    else done();
  });
}
