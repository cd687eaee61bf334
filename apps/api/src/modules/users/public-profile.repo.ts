import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';

export type PublicPracticeRow = {
  id: number;
  name: string;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * The practices at which a therapist shows a public profile: an active assignment to a practice that is not deleted,
 * deactivated or cancelled, and whose trial (if one runs) has not ended. Unlike the search, a practice in its
 * trial keeps its profile, so therapists can try their profile link before they pay (people §5: only the search
 * leaves trial practices out). Each practice is placed at its postal code's point; an unknown code has none.
 */
export async function findPublicPractices(db: Executor, therapistId: number): Promise<PublicPracticeRow[]> {
  return queryRows<PublicPracticeRow>(
    db,
    sql`
      SELECT c.id, c.name, c.street, c.postal_code, c.city, c.phone, p.latitude, p.longitude
      FROM user_customers uc
      JOIN customers c ON c.id = uc.customer_id
      LEFT JOIN postal_codes p ON p.postal_code = c.postal_code
      WHERE uc.user_id = ${therapistId} AND NOT uc.deactivated
        AND c.deleted_at IS NULL AND NOT c.deactivated AND c.status = 'active'
        AND (c.trial_expires_at IS NULL OR c.trial_expires_at > now())
      ORDER BY c.id`,
  );
}
