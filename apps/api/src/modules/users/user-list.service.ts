import { can, hasRole, Role, STAFF, type UserList, type UserListQuery } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { type Scope, scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { forbidden } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { resolveTherapist } from './therapist-scope.js';
import { listUsers, type UserListDbRow, type UserListFilter } from './user-list.repo.js';

/** The practices listed: any asked for (else all) for the platform admin; only the acting practice for staff. */
function listedPractices(scope: Scope, requested: number[] | undefined): number[] | null {
  if (scope.kind === 'system') return requested?.length ? requested : null;
  if (scope.kind !== 'practice') return [];
  if (requested?.length && !requested.includes(scope.practiceId)) return [];
  return [scope.practiceId];
}

/** Whose subscription id (stopping a practice's debit) the caller sees: the platform admin all, an owner theirs. */
function subscriptionsVisibleFor(actor: Actor, scope: Scope): number[] | null {
  if (scope.kind === 'system') return null;
  return hasRole(actor.roles, Role.CUSTOMER_ADMIN) && scope.kind === 'practice' ? [scope.practiceId] : [];
}

const isPatientList = (rolesList: number[] | undefined) =>
  rolesList !== undefined && rolesList.length > 0 && rolesList.every((mask) => mask === Role.REGISTERED);

function toRow(row: UserListDbRow) {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    roles: row.roles,
    customers: row.links.map((link) => ({ id: link.customerId, name: link.name })),
    customerUsers: row.links
      .filter((link) => link.linkId !== null)
      .map((link) => ({
        id: link.linkId as number,
        customerId: link.customerId,
        deactivated: Boolean(link.deactivated),
      })),
    deleted: row.deleted,
    deactivated: row.deactivated,
    mollieSubscriptionId: row.subscription_id,
    salutation: row.salutation,
    title: row.title,
    patientNumber: row.patient_number,
    hasAvatar: row.has_avatar,
  };
}

/** GET /user: the staff list, or the patient list when rolesList is [2] (spec people §2, §7). */
export async function getUserList(ctx: AppContext, actor: Actor, query: UserListQuery): Promise<UserList> {
  const mode = isPatientList(query.rolesList) ? 'patients' : 'staff';
  if (mode === 'patients' && !can(actor.roles, 'patient', 'read')) throw forbidden();
  const scope = scopeOf(actor);
  const customerIds = listedPractices(scope, query.customerIds);
  const therapistId =
    mode === 'patients'
      ? await resolveTherapist(ctx.db, scope, query.therapistId, { allowWholePractice: true })
      : (query.therapistId ?? null);
  const requestedMask = (query.rolesList ?? []).reduce((mask, value) => mask | value, 0);
  const filter: UserListFilter = {
    mode,
    customerIds,
    rolesMask: (requestedMask || STAFF) & STAFF,
    therapistId,
    searchString: query.searchString || null,
    orderBy: query.orderBy,
    descending: query.descending,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    subscriptionVisibleFor: subscriptionsVisibleFor(actor, scope),
  };
  if (customerIds !== null && customerIds.length === 0) {
    return { list: [], maxItems: 0, currentPage: query.page, limit: query.limit };
  }
  // Reading the patient list is a read of health data: its audit row is written alongside the query, not after it.
  const audit =
    mode === 'patients'
      ? recordAudit(ctx.db, {
          actor,
          customerId: actor.practiceId,
          patientId: null,
          action: 'read',
          resource: 'patient',
          detail: { list: true, therapistId, isSearch: Boolean(filter.searchString) },
        })
      : Promise.resolve();
  const [firstRows] = await Promise.all([listUsers(ctx.db, filter), audit]);
  let rows = firstRows;
  let maxItems = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && filter.offset > 0) {
    // Past the last page the window count has no row to ride on.
    maxItems = Number((await listUsers(ctx.db, { ...filter, offset: 0, limit: 1 }))[0]?.total ?? 0);
    rows = [];
  }
  return { list: rows.map(toRow), maxItems, currentPage: query.page, limit: query.limit };
}
