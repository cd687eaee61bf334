import { can, hasRole, Role } from '@praxia/shared';
import { isAdmin } from '../../lib/roles.js';
import type { Actor } from '../../plugins/actor.js';
import { forbidden, notFound } from '../../plugins/errors.js';

// Members act for one practice per request (the acting practice), never for all of theirs at once.
const isMember = (actor: Actor, customerId: number) => actor.practiceId === customerId;

/** Reading a practice: admins any; its members with the list or detail permission; others get 404. */
export function assertCanReadCustomer(actor: Actor, customerId: number): void {
  if (isAdmin(actor)) return;
  if (!isMember(actor, customerId)) throw notFound('Customer not found');
  if (!can(actor.roles, 'customer', 'read') && !can(actor.roles, 'customerDetail', 'read')) throw forbidden();
}

/** Editing, deactivating a practice: admins any, owners their own (the route already checked customer/edit). */
export function assertCanEditCustomer(actor: Actor, customerId: number): void {
  if (isAdmin(actor)) return;
  if (!isMember(actor, customerId)) throw notFound('Customer not found');
  if (!hasRole(actor.roles, Role.CUSTOMER_ADMIN)) throw forbidden();
}
