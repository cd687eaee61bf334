import { isUserDeactivated, type StaffUser } from '@praxia/shared';
import type { Executor } from '../../db/client.js';
import type { Scope } from '../../lib/scope.js';
import { findCustomer } from '../customers/index.js';
import { toUserView } from './user.view.js';
import { findAssignmentsOfUser } from './user-customers.repo.js';
import type { UserRow } from './users.repo.js';

/** The full user for the user form (people §3 staff user); internal columns stay here. */
export async function toStaffUserView(db: Executor, scope: Scope, row: UserRow): Promise<StaffUser> {
  // One after the other: `db` may be a transaction, whose one connection runs one statement at a time.
  const base = await toUserView(db, scope, row);
  const assignments = await findAssignmentsOfUser(db, scope, row.id);
  const practice = base.customerId === null ? undefined : await findCustomer(db, base.customerId);
  return {
    ...base,
    phoneCountry: row.phoneCountry,
    salutationSearchable: row.salutationSearchable,
    website: row.website,
    languages: row.languages,
    therapeuticFocus: row.therapeuticFocus,
    treatmentMethods: row.treatmentMethods,
    coverageTypes: row.coverageTypes,
    therapistProfileText: row.therapistProfileText,
    billingInformation: row.billingInformation,
    vita: row.vita,
    advertising: row.advertising,
    pushNotificationAgree: row.pushNotificationAgree,
    conditionsAccepted: row.termsAcceptedAt !== null,
    hasAvatar: row.avatarKey !== null,
    customerUsers: assignments,
    isDeactivated: isUserDeactivated({ ...row, customerUsers: assignments }),
    mollieSubscriptionId: practice?.subscriptionId ?? null,
  };
}
