import { hasRole, Role, type User } from '@praxia/shared';
import type { Executor } from '../../db/client.js';
import type { Scope } from '../../lib/scope.js';
import { findCustomersOfUser, type UserRow } from './users.repo.js';

/** The API shape of a user, with the practices the caller's scope sees; internal columns never leave this function. */
export async function toUserView(db: Executor, scope: Scope, row: UserRow): Promise<User> {
  const practices = await findCustomersOfUser(db, scope, row.id);
  const first = practices[0];
  const isOwner = hasRole(row.roles, Role.CUSTOMER_ADMIN);
  return {
    id: row.id,
    customerId: first?.id ?? null,
    customerIds: practices.map((customer) => customer.id),
    customers: practices.map((customer) => ({
      ...customer,
      trialExpiresAt: customer.trialExpiresAt?.toISOString() ?? null,
    })),
    deleted: row.deleted,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    salutation: row.salutation,
    title: row.title,
    roles: row.roles,
    language: row.language,
    phone: row.phone,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    jobTitleType: row.jobTitleType,
    jobTitleFreetext: row.jobTitleFreetext,
    taxNumber: row.taxNumber,
    showTaxNumber: row.showTaxNumber,
    pinTransportMethod: row.pinTransportMethod,
    isConfirmed: row.isConfirmed,
    createdAt: row.createdAt.toISOString(),
    trialExpiresAt: isOwner ? (first?.trialExpiresAt?.toISOString() ?? null) : null,
  };
}
