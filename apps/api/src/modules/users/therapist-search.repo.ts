import { THERAPISTS } from '@praxia/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { isListedInSearch } from '../customers/customers.repo.js';

export type TherapistSearchRow = {
  user_id: number;
  customer_id: number;
  meters: number;
  max_items: number;
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

/** Whether the postal-code table knows the code (the search's starting point). */
export async function postalCodeExists(db: Executor, postalCode: string): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM postal_codes WHERE postal_code = ${postalCode}) AS found`,
  );
  return Boolean(rows[0]?.found);
}

/**
 * One page of listed therapists, nearest first: therapists (not deleted or deactivated, with an active assignment)
 * of practices that the search lists (customers.repo's isListedInSearch, the one rule of who is visible), located by
 * the practice's postal code. The order is earthdistance's nearest-neighbour `<->` on the GiST-indexed
 * `ll_to_earth` points; ties by therapist and practice id keep the pages stable. Each row of the page carries its
 * earliest free slot after now plus that slot's type's booking deadline (index appointments_therapist_start).
 */
export async function searchTherapists(
  db: Executor,
  postalCode: string,
  limit: number,
  offset: number,
): Promise<TherapistSearchRow[]> {
  return queryRows<TherapistSearchRow>(
    db,
    sql`
      WITH origin AS (
        SELECT ll_to_earth(latitude, longitude) AS point FROM postal_codes WHERE postal_code = ${postalCode}
      ),
      listed AS (
        SELECT u.id AS user_id, customers.id AS customer_id,
          ll_to_earth(p.latitude, p.longitude) <-> origin.point AS chord,
          earth_distance(ll_to_earth(p.latitude, p.longitude), origin.point) AS meters,
          u.title, u.first_name, u.last_name,
          CASE WHEN u.salutation_searchable THEN u.salutation END AS salutation,
          u.job_title_type, u.job_title_freetext, u.avatar_key IS NOT NULL AS has_avatar,
          customers.name AS practice_name, customers.street AS practice_street,
          customers.postal_code AS practice_postal_code, customers.city AS practice_city
        FROM origin
        CROSS JOIN users u
        JOIN user_customers uc ON uc.user_id = u.id AND NOT uc.deactivated
        JOIN customers ON customers.id = uc.customer_id
        JOIN postal_codes p ON p.postal_code = customers.postal_code
        WHERE (u.roles & ${THERAPISTS}) <> 0 AND NOT u.deleted AND NOT u.deactivated AND ${isListedInSearch}
      ),
      page AS (
        SELECT listed.*, count(*) OVER () AS max_items FROM listed
        ORDER BY chord, user_id, customer_id
        LIMIT ${limit} OFFSET ${offset}
      )
      SELECT page.user_id, page.customer_id, page.meters, page.max_items::int AS max_items, page.title,
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
      ORDER BY page.chord, page.user_id, page.customer_id`,
  );
}
