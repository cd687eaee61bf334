import { ErrorCode, type TherapistSearch, type TherapistSearchQuery } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../plugins/errors.js';
import { postalCodeExists, searchTherapists } from './therapist-search.repo.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/** GET /user/searchPostalCode (spec appointments §7): listed therapists nearest to a postal code, a page at a time. */
export async function searchByPostalCode(ctx: AppContext, query: TherapistSearchQuery): Promise<TherapistSearch> {
  if (!(await postalCodeExists(ctx.db, query.postalCode)))
    throw notFound('Unknown postal code', ErrorCode.postalCodeUnknown);
  const rows = await searchTherapists(ctx.db, query.postalCode, query.limit, (query.page - 1) * query.limit);
  // Past the last page the window count is missing; one cheap query gives the total again.
  const maxItems =
    rows[0]?.max_items ??
    (query.page > 1 ? ((await searchTherapists(ctx.db, query.postalCode, 1, 0))[0]?.max_items ?? 0) : 0);
  return {
    list: rows.map((row) => ({
      distance: Math.round(Number(row.meters) / 100) / 10,
      customerId: row.customer_id,
      nextFreeAppointment:
        row.next_id !== null && row.next_starts_at !== null && row.next_ends_at !== null
          ? { id: row.next_id, startsAt: iso(row.next_starts_at), endsAt: iso(row.next_ends_at) }
          : null,
      user: {
        id: row.user_id,
        title: row.title,
        firstName: row.first_name,
        lastName: row.last_name,
        salutation: row.salutation,
        jobTitleType: row.job_title_type,
        jobTitleFreetext: row.job_title_freetext,
        hasAvatar: row.has_avatar,
        practice: {
          name: row.practice_name,
          street: row.practice_street,
          postalCode: row.practice_postal_code,
          city: row.practice_city,
        },
      },
    })),
    maxItems,
    limit: query.limit,
    pages: Math.ceil(maxItems / query.limit),
  };
}
