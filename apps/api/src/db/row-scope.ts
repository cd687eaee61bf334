import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which practice's rows the database shows to the current piece of work: PostgreSQL's row-level security compares it
 * with `customer_id` on every practice-owned table (migration 0015), as a second wall behind the repositories' own
 * filters. Work runs as one of:
 * - a practice (its id): a signed-in request acting for it;
 * - the system: public reads (widget, search, profile, cancel and download links), platform administration, sign-in
 *   and background jobs; it must be entered explicitly with `asSystem`;
 * - nothing: any work that entered neither (a request before its caller is known, a callback that lost its context).
 */
export type RowScope = number | 'system' | 'none';

/** The transaction setting the policies read. */
export const ROW_SCOPE_SETTING = 'app.practice_id';
/** The role the app's queries run as: not a superuser and not the tables' owner, so the policies apply to it. */
export const APP_ROLE = 'praxia_app';

type ScopeSource = () => RowScope;
/** For `enterRowScope`: the scope of background work started in its callback. */
export const systemScope: ScopeSource = () => 'system';
const current = new AsyncLocalStorage<ScopeSource>();

/**
 * Runs a callback (and everything it starts) with a scope read when each query starts. A request passes a function:
 * its caller is known only after the session is read, and the scope follows.
 */
export function enterRowScope<T>(source: ScopeSource, callback: () => T): T {
  return current.run(source, callback);
}

/**
 * Runs work in a practice's scope, or the system's. The work is awaited inside: Drizzle's queries are lazy and
 * would otherwise run when awaited by the caller, outside the scope.
 */
export function withRowScope<T>(scope: RowScope, work: () => PromiseLike<T>): Promise<T> {
  return current.run(
    () => scope,
    async () => await work(),
  );
}

/** Runs work as the platform: every practice's rows. Only for the callers named on `RowScope`. */
export function asSystem<T>(work: () => PromiseLike<T>): Promise<T> {
  return withRowScope('system', work);
}

export function currentRowScope(): RowScope {
  return current.getStore()?.() ?? 'none';
}

/** The setting's text: the policies read 'system', a practice id, or anything else as no rows. */
export function rowScopeSetting(scope: RowScope): string {
  return scope === 'none' ? '' : String(scope);
}
