import { can, hasRole, Role, THERAPISTS } from '@praxia/shared';
import { type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { RowScope } from '../db/row-scope.js';
import type { Actor } from '../plugins/actor.js';

/**
 * What a call may reach, built once per request beside the Actor and passed to every repository function on a
 * practice-owned table, which filters by it in SQL (row-level security is the second wall behind it).
 *
 * - practice: staff acting for one practice. `therapistIds` are the therapists whose patients, records and invoices
 *   the call reaches, `calendarIds` those whose calendars it reaches; null means every therapist of the practice.
 *   A therapist has their own; assistants and owners have the whole practice, except that an owner who treats keeps
 *   to their own calendar (spec §6: the therapist filter belongs to assistants). A request that names one therapist
 *   narrows the scope to them (`forTherapist`).
 * - patient: a patient of one practice; their routes filter by their own id on top of the practice.
 * - system: platform work outside any one practice, named for what it is (public pages and links, jobs, sign-in,
 *   the platform admin), so every use can be found.
 * - none: a caller without a practice or platform role: reaches no practice row.
 */
export type PracticeScope = {
  readonly kind: 'practice';
  readonly practiceId: number;
  readonly userId: number;
  /** The caller treats patients: has a calendar, patients and invoices of their own. */
  readonly treats: boolean;
  readonly therapistIds: readonly number[] | null;
  readonly calendarIds: readonly number[] | null;
};
export type PatientScope = { readonly kind: 'patient'; readonly practiceId: number; readonly userId: number };
export type SystemScope = { readonly kind: 'system'; readonly purpose: string };
export type NoScope = { readonly kind: 'none' };
export type Scope = PracticeScope | PatientScope | SystemScope | NoScope;

/** The system scope, named for the work it serves ('reminder job', 'widget', 'cancel link', …). */
export const systemScope = (purpose: string): SystemScope => ({ kind: 'system', purpose });
export const noScope: NoScope = { kind: 'none' };

/** A scope for work inside one practice on behalf of the platform (a job, a public booking): all its therapists. */
export function practiceScope(practiceId: number, userId = 0): PracticeScope {
  return { kind: 'practice', practiceId, userId, treats: false, therapistIds: null, calendarIds: null };
}

const built = new WeakMap<Actor, Scope>();

/** The caller's scope; built once per actor (one per request) and then reused. */
export function scopeOf(actor: Actor): Scope {
  let scope = built.get(actor);
  if (!scope) {
    scope = buildScope(actor);
    built.set(actor, scope);
  }
  return scope;
}

function buildScope(actor: Actor): Scope {
  if (actor.practiceId !== null) {
    const treats = hasRole(actor.roles, THERAPISTS);
    const own = treats ? [actor.userId] : [];
    return {
      kind: 'practice',
      practiceId: actor.practiceId,
      userId: actor.userId,
      treats,
      therapistIds: hasRole(actor.roles, Role.SECRETARY | Role.CUSTOMER_ADMIN) ? null : own,
      calendarIds: can(actor.roles, 'appointmentOthers', 'read') ? null : own,
    };
  }
  if (hasRole(actor.roles, Role.ADMIN)) return systemScope('platform admin');
  if (actor.patientOfPracticeId !== null) {
    return { kind: 'patient', practiceId: actor.patientOfPracticeId, userId: actor.userId };
  }
  return noScope;
}

/** The practice a scope works in; null for the system scope and for none. */
export function scopePractice(scope: Scope): number | null {
  return scope.kind === 'practice' || scope.kind === 'patient' ? scope.practiceId : null;
}

/**
 * The practice an insert on a practice-owned table writes into: the scope's own. The system scope and none name no
 * practice, so an insert under them is refused (platform work inserts under `practiceScope(id)`).
 */
export function practiceToWrite(scope: Scope): number {
  const practiceId = scopePractice(scope);
  if (practiceId === null) throw new Error(`a ${scope.kind} scope writes into no practice`);
  return practiceId;
}

/** The row-level-security setting that matches a scope (db/row-scope.ts). */
export function rowScopeOf(scope: Scope): RowScope {
  if (scope.kind === 'system') return 'system';
  return scope.kind === 'none' ? 'none' : scope.practiceId;
}

export const isPlatformScope = (scope: Scope): scope is SystemScope => scope.kind === 'system';

/** Whether a scope may work on every therapist of its practice (records), or on every calendar. */
export const reachesWholePractice = (scope: Scope, of: 'records' | 'calendars' = 'records') =>
  scope.kind === 'system' ||
  (scope.kind === 'practice' && (of === 'records' ? scope.therapistIds : scope.calendarIds) === null);

/** Whether a scope reaches this therapist's records (or calendar) in this practice. */
export function reachesTherapist(
  scope: Scope,
  row: { customerId: number; therapistId: number | null },
  of: 'records' | 'calendars' = 'records',
): boolean {
  if (scope.kind === 'system') return true;
  if (scope.kind !== 'practice' || row.customerId !== scope.practiceId) return false;
  const ids = of === 'records' ? scope.therapistIds : scope.calendarIds;
  return ids === null || (row.therapistId !== null && ids.includes(row.therapistId));
}

/**
 * Narrows a scope to one therapist the caller named (an assistant's selection), or answers null when the scope does
 * not reach them. Whether the id is a therapist of the practice at all is the SQL filter's business: an id of
 * another practice then matches nothing.
 */
export function forTherapist(
  scope: Scope,
  therapistId: number,
  of: 'records' | 'calendars' = 'records',
): PracticeScope | SystemScope | null {
  if (scope.kind === 'system') return scope;
  if (scope.kind !== 'practice') return null;
  const ids = of === 'records' ? scope.therapistIds : scope.calendarIds;
  if (ids !== null && !ids.includes(therapistId)) return null;
  return { ...scope, therapistIds: [therapistId], calendarIds: [therapistId] };
}

const noRows = sql`false`;
const allRows = sql`true`;

/** SQL: the rows of the scope's practice (every practice for the system scope, none for none). */
export function practiceRows(scope: Scope, customerId: Column): SQL {
  if (scope.kind === 'system') return allRows;
  if (scope.kind === 'none') return noRows;
  return eq(customerId, scope.practiceId);
}

/** SQL: the rows of the scope's practice that belong to therapists it reaches (records: patients, invoices, …). */
export function therapistRows(
  scope: Scope,
  customerId: Column,
  therapistId: Column,
  of: 'records' | 'calendars' = 'records',
): SQL {
  if (scope.kind === 'system') return allRows;
  if (scope.kind !== 'practice') return noRows;
  const ids = of === 'records' ? scope.therapistIds : scope.calendarIds;
  if (ids === null) return eq(customerId, scope.practiceId);
  if (ids.length === 0) return noRows;
  return sql`${eq(customerId, scope.practiceId)} and ${inArray(therapistId, [...ids])}`;
}

/** SQL: the calendar rows the scope reaches. */
export const calendarRows = (scope: Scope, customerId: Column, therapistId: Column): SQL =>
  therapistRows(scope, customerId, therapistId, 'calendars');
