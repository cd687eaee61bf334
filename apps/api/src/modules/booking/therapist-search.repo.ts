import { THERAPISTS } from '@praxia/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { isListedInSearch } from '../customers/index.js';

export type TherapistSearchRow = {
  user_id: number;
  customer_id: number;
  meters: number;
  title: string | null;
  first_name: string;
  last_name: string;
  salutation: string | null;
  job_title_type: string | null;
  job_title_freetext: string | null;
  has_avatar: boolean;
  practice_name: string;
  practice_street: string | null;
  practice_postal_code: string | null;
  practice_city: string | null;
  next_id: number | null;
  next_starts_at: Date | string | null;
  next_ends_at: Date | string | null;
};

/**
 * The searched code's place (null when the postal-code table does not know the code, the search's starting point),
 * and the listing's version: bumped by triggers with every change that can list or unlist a pair (migration 0009).
 * One round trip for both.
 */
export async function searchStart(
  db: Executor,
  postalCode: string,
): Promise<{ place: string | null; version: string }> {
  const rows = await queryRows<{ place: string | null; version: string }>(
    db,
    sql`SELECT (SELECT place FROM postal_codes WHERE postal_code = ${postalCode}) AS place,
      (SELECT version::text FROM search_listing_version) AS version`,
  );
  return { place: rows[0]?.place ?? null, version: rows[0]?.version ?? '' };
}

/** The place of a postal code ('Hamburg' for 20095), or null for a code the table does not know. */
export async function findPostalCodePlace(db: Executor, postalCode: string): Promise<string | null> {
  const rows = await queryRows<{ place: string }>(
    db,
    sql`SELECT place FROM postal_codes WHERE postal_code = ${postalCode}`,
  );
  return rows[0]?.place ?? null;
}

/** Listed therapist-practice pairs (one result row each): listed therapists located by their practice's postal code. */
const listedPairs = sql`
  postal_codes p
  JOIN customers ON customers.postal_code = p.postal_code
  JOIN user_customers uc ON uc.customer_id = customers.id AND NOT uc.deactivated
  JOIN users u ON u.id = uc.user_id`;
const isListedPair = sql`(u.roles & ${THERAPISTS}) <> 0 AND NOT u.deleted AND NOT u.deactivated AND ${isListedInSearch}`;

/**
 * The search's total: every listed pair, whatever the postal code (the search has no radius), with the version of
 * the listing it was counted at, in one statement so that both come from one snapshot (migration 0009).
 */
export async function countListedPairs(db: Executor): Promise<{ version: string; count: number }> {
  const rows = await queryRows<{ version: string; count: number }>(
    db,
    sql`SELECT (SELECT version::text FROM search_listing_version) AS version,
      (SELECT count(*)::int FROM ${listedPairs} WHERE ${isListedPair}) AS count`,
  );
  return rows[0] ?? { version: '', count: 0 };
}

/**
 * One page of listed therapists, nearest first: therapists (not deleted or deactivated, with an active assignment)
 * of practices that the search lists (customers.repo's isListedInSearch, the one rule of who is visible), located by
 * the practice's postal code, in the order of the chord to the searched code's point (earthdistance's `<->`), ties
 * by therapist and practice id so that pages stay stable.
 * Two steps, each on the GiST index postal_codes_earth: `reach` walks postal codes nearest first (a KNN index scan,
 * which PostgreSQL only uses when the order is the distance alone) until offset + limit pairs are found; its last
 * chord bounds the page. The page then takes every pair within that chord (a box search on the same index; ties at
 * the boundary included) and sorts those few by chord and ids. Each row carries its earliest free slot after now
 * plus that slot's type's booking deadline (index appointments_therapist_start).
 */
export async function searchTherapists(
  db: Executor,
  postalCode: string,
  limit: number,
  offset: number,
): Promise<TherapistSearchRow[]> {
  return queryRows<TherapistSearchRow>(db, searchTherapistsQuery(postalCode, limit, offset));
}

export function searchTherapistsQuery(postalCode: string, limit: number, offset: number): SQL {
  const point = sql`ll_to_earth(p.latitude, p.longitude)`;
  return sql`
      WITH origin AS (
        SELECT ll_to_earth(latitude, longitude) AS point FROM postal_codes WHERE postal_code = ${postalCode}
      ),
      reach AS (
        SELECT max(nearest.chord) AS chord FROM (
          SELECT ${point} <-> (SELECT point FROM origin) AS chord
          FROM ${listedPairs}
          WHERE ${isListedPair}
          ORDER BY chord
          LIMIT ${limit + offset}
        ) nearest
      ),
      page AS (
        SELECT u.id AS user_id, customers.id AS customer_id, ${point} <-> origin.point AS chord,
          earth_distance(${point}, origin.point) AS meters,
          u.title, u.first_name, u.last_name,
          CASE WHEN u.salutation_searchable THEN u.salutation END AS salutation,
          u.job_title_type, u.job_title_freetext, u.avatar_key IS NOT NULL AS has_avatar,
          customers.name AS practice_name, customers.street AS practice_street,
          customers.postal_code AS practice_postal_code, customers.city AS practice_city
        FROM origin
        CROSS JOIN reach
        CROSS JOIN ${listedPairs}
        -- The box around the reach holds its ball (a metre more against rounding); the chord then decides exactly.
        WHERE cube_enlarge(origin.point, reach.chord + 1, 3) @> ${point} AND ${point} <-> origin.point <= reach.chord
          AND ${isListedPair}
        ORDER BY chord, user_id, customer_id
        LIMIT ${limit} OFFSET ${offset}
      )
      SELECT page.user_id, page.customer_id, page.meters, page.title,
        page.first_name, page.last_name, page.salutation, page.job_title_type, page.job_title_freetext,
        page.has_avatar, page.practice_name, page.practice_street, page.practice_postal_code, page.practice_city,
        next.id AS next_id, next.starts_at AS next_starts_at, next.ends_at AS next_ends_at
      FROM page
      LEFT JOIN LATERAL (
        SELECT a.id, a.starts_at, a.ends_at
        FROM appointments a
        LEFT JOIN appointment_types t ON t.id = a.appointment_type_id
        WHERE a.therapist_id = page.user_id AND a.customer_id = page.customer_id AND a.state = 'available'
          AND (t.id IS NULL OR NOT t.deactivated)
          AND a.starts_at > now() + CASE
            WHEN t.booking_deadline IS NULL OR t.booking_deadline = 'none' THEN interval '0'
            ELSE t.booking_deadline::interval END
        ORDER BY a.starts_at
        LIMIT 1
      ) next ON true
      ORDER BY page.chord, page.user_id, page.customer_id`;
}
