import { can, hasRole, Role } from '@praxia/shared';
import { type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { forbidden, notFound } from '../../plugins/errors.js';

/**
 * Staff act for one practice per request (the acting practice), never for all of theirs at once; the platform admin
 * (system scope) for any. Any other practice answers 404 like a missing one.
 */
function assertReachesPractice(scope: Scope, customerId: number): void {
  const reaches = scope.kind === 'system' || (scope.kind === 'practice' && scope.practiceId === customerId);
  if (!reaches) throw notFound('Customer not found');
}

/** Reading a practice: the platform admin any; its members with the list or detail permission. */
export function assertCanReadCustomer(actor: Actor, customerId: number): void {
  assertReachesPractice(scopeOf(actor), customerId);
  if (!can(actor.roles, 'customer', 'read') && !can(actor.roles, 'customerDetail', 'read')) throw forbidden();
}

/**
 * Saving the practice's settings form: the platform admin any, owners and assistants their own (people §2). What only
 * admins may change in it (the deactivated flag) the service decides.
 */
export function assertCanSaveCustomerSettings(actor: Actor, customerId: number): void {
  assertReachesPractice(scopeOf(actor), customerId);
  if (!can(actor.roles, 'customerSettings', 'edit')) throw forbidden();
}

/** Deactivating a practice: the platform admin any, owners their own (the route checked customer/edit). */
export function assertCanEditCustomer(actor: Actor, customerId: number): void {
  assertReachesPractice(scopeOf(actor), customerId);
  if (!hasRole(actor.roles, Role.ADMIN | Role.CUSTOMER_ADMIN)) throw forbidden();
}
