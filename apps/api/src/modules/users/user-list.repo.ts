import type { UserListOrder } from '@praxia/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { likeContaining, searchWords } from '../../lib/like-pattern.js';

export type UserListFilter = {
  mode: 'staff' | 'patients';
  /** Practices in scope; null = every practice (admins without a filter), staff without a practice included. */
  customerIds: number[] | null;
  /** Staff mode: rows whose roles share a bit with this mask. */
  rolesMask: number;
  /** Patients mode: only this therapist's patients. */
  therapistId: number | null;
  searchString: string | null;
  orderBy: UserListOrder;
  descending: boolean;
  limit: number;
  offset: number;
  /** Practices whose subscription id the caller may see (stop the debit); null = all (admins). */
  subscriptionVisibleFor: number[] | null;
};

export type UserListDbRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  roles: number;
  deleted: boolean;
  deactivated: boolean;
  salutation: string | null;
  title: string | null;
  patient_number: number | null;
  has_avatar: boolean;
  links: { linkId: number | null; customerId: number; name: string; deactivated: boolean | null }[];
  subscription_id: string | null;
  total: number | string;
};

// LIKE wildcards in the search text are literal characters.
/** `column IN (...)` with one parameter per id (an empty list matches nothing). */
function inIds(column: SQL, ids: number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

function orderClause(filter: UserListFilter & { pageAlias?: boolean }): SQL {
  const direction = filter.descending ? sql`DESC` : sql`ASC`;
  const byName = sql`lower(u.last_name) ${direction}, lower(u.first_name) ${direction}, u.id ${direction}`;
  if (filter.orderBy === 'firstName')
    return sql`lower(u.first_name) ${direction}, lower(u.last_name) ${direction}, u.id ${direction}`;
  if (filter.orderBy === 'patientNumber' && filter.mode === 'patients') {
    // The outer query of the patient list reads the page under the alias u.
    const column = filter.pageAlias ? sql`u.patient_number` : sql`p.patient_number`;
    return sql`${column} ${direction}, u.id ${direction}`;
  }
  return byName;
}

function subscriptionColumn(filter: UserListFilter, practiceColumn: SQL): SQL {
  const visible =
    filter.subscriptionVisibleFor === null
      ? sql`true`
      : filter.subscriptionVisibleFor.length
        ? inIds(practiceColumn, filter.subscriptionVisibleFor)
        : sql`false`;
  return visible;
}

/**
 * The patient search: every word of the text must match, a number the patient number's beginning, any other word
 * the first or the last name. So 'Julia Wagner', 'Wagner, Julia' and 'Jul Wag' find Julia Wagner.
 */
function patientSearch(text: string | null): SQL {
  const words = searchWords(text);
  if (words.length === 0) return sql``;
  const conditions = words.map((word) =>
    /^\d+$/.test(word)
      ? sql`p.patient_number::text LIKE ${`${word}%`}`
      : sql`(u.first_name ILIKE ${likeContaining(word)} OR u.last_name ILIKE ${likeContaining(word)})`,
  );
  return sql`AND ${sql.join(conditions, sql` AND `)}`;
}

/** The patient list: one statement (page rows with their practice and the total through a window count). */
function patientQuery(filter: UserListFilter): SQL {
  const search = patientSearch(filter.searchString);
  const scope = filter.customerIds === null ? sql`` : sql`AND ${inIds(sql`p.customer_id`, filter.customerIds)}`;
  const therapist = filter.therapistId === null ? sql`` : sql`AND p.therapist_id = ${filter.therapistId}`;
  // The practice name joins only the page's rows, not every patient the count and the sort walk over.
  return sql`
    WITH page AS (
      SELECT u.id, u.first_name, u.last_name, u.email, u.phone, u.roles, u.deleted, u.deactivated, u.salutation, u.title,
        p.patient_number, p.customer_id, (u.avatar_key IS NOT NULL) AS has_avatar,
        count(*) OVER () AS total
      FROM patients p
      JOIN users u ON u.id = p.user_id
      WHERE p.deleted_at IS NULL AND u.deleted = false ${scope} ${therapist} ${search}
      ORDER BY ${orderClause(filter)}
      LIMIT ${filter.limit} OFFSET ${filter.offset}
    )
    SELECT u.id, u.first_name, u.last_name, u.email, u.phone, u.roles, u.deleted, u.deactivated, u.salutation, u.title,
      u.patient_number, u.has_avatar,
      json_build_array(json_build_object('linkId', NULL, 'customerId', c.id, 'name', c.name, 'deactivated', NULL)) AS links,
      NULL AS subscription_id, u.total
    FROM page u
    JOIN customers c ON c.id = u.customer_id
    ORDER BY ${orderClause({ ...filter, pageAlias: true })}`;
}

/** The staff list: users with a practice in scope (or, for admins, without any), their assignments aggregated. */
function staffQuery(filter: UserListFilter): SQL {
  const search = filter.searchString ? sql`AND u.last_name ILIKE ${likeContaining(filter.searchString)}` : sql``;
  const scope =
    filter.customerIds === null
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM user_customers s WHERE s.user_id = u.id AND ${inIds(sql`s.customer_id`, filter.customerIds)})`;
  const linkScope = filter.customerIds === null ? sql`true` : inIds(sql`uc.customer_id`, filter.customerIds);
  return sql`
    SELECT u.id, u.first_name, u.last_name, u.email, u.phone, u.roles, u.deleted, u.deactivated, u.salutation, u.title,
      NULL::int AS patient_number, (u.avatar_key IS NOT NULL) AS has_avatar,
      coalesce(l.links, '[]'::json) AS links, l.subscription_id,
      count(*) OVER () AS total
    FROM users u
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('linkId', uc.id, 'customerId', c.id, 'name', c.name, 'deactivated', uc.deactivated)
               ORDER BY c.id) AS links,
        max(c.subscription_id) FILTER (WHERE (u.roles & 32) <> 0 AND ${subscriptionColumn(filter, sql`c.id`)}) AS subscription_id
      FROM user_customers uc JOIN customers c ON c.id = uc.customer_id
      WHERE uc.user_id = u.id AND ${linkScope}
    ) l ON true
    WHERE u.deleted = false AND (u.roles & ${filter.rolesMask}) <> 0 AND u.is_account ${scope} ${search}
    ORDER BY ${orderClause(filter)}
    LIMIT ${filter.limit} OFFSET ${filter.offset}`;
}

export function listUsersQuery(filter: UserListFilter): SQL {
  return filter.mode === 'patients' ? patientQuery(filter) : staffQuery(filter);
}

export async function listUsers(db: Executor, filter: UserListFilter): Promise<UserListDbRow[]> {
  return queryRows<UserListDbRow>(db, listUsersQuery(filter));
}
