import { ErrorCode, type TherapistSearch, type TherapistSearchQuery } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';
import { countListedPairs, searchStart, searchTherapists } from './therapist-search.repo.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The total of listed pairs per database, with the listing version it was counted at. Counting joins every therapist
 * (about 100 ms for 100,000 on PostgreSQL); the version is one row and moves with every change that can list or
 * unlist a pair (migration 0009's triggers), so the cached count is exact and each app node recounts only after such
 * a change.
 */
const listedPairsCount = new WeakMap<Executor, { version: string; count: number }>();

async function countListed(db: Executor, version: string): Promise<number> {
  const cached = listedPairsCount.get(db);
  if (cached && cached.version === version) return cached.count;
  const fresh = await countListedPairs(db);
  listedPairsCount.set(db, fresh);
  return fresh.count;
}

/**
 * Kilometres as a visitor reads them: a tenth near by, whole kilometres from 10 km on (the points are postal-code
 * centres, so a tenth of a kilometre further out would claim a precision the search does not have).
 */
export function roundedKilometres(meters: number): number {
  const kilometres = meters / 1000;
  return kilometres < 9.95 ? Math.round(kilometres * 10) / 10 : Math.round(kilometres);
}

/**
 * GET /user/searchPostalCode (spec appointments §7): listed therapists nearest to a postal code, a page at a time,
 * with the searched place (the page's title names it, whichever city the nearest practice is in).
 */
export async function searchByPostalCode(ctx: AppContext, query: TherapistSearchQuery): Promise<TherapistSearch> {
  const start = await searchStart(ctx.db, query.postalCode);
  if (start.place === null) {
    throw new AppError(ErrorCode.postalCodeUnknown, { status: 404, detail: 'Unknown postal code' });
  }
  const rows = await searchTherapists(ctx.db, query.postalCode, query.limit, (query.page - 1) * query.limit);
  const maxItems = await countListed(ctx.db, start.version);
  return {
    place: { postalCode: query.postalCode, name: start.place },
    list: rows.map((row) => ({
      distance: roundedKilometres(Number(row.meters)),
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
