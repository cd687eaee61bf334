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

/** GET /user/searchPostalCode (spec appointments §7): listed therapists nearest to a postal code, a page at a time. */
export async function searchByPostalCode(ctx: AppContext, query: TherapistSearchQuery): Promise<TherapistSearch> {
  const start = await searchStart(ctx.db, query.postalCode);
  if (!start.found) throw new AppError(ErrorCode.postalCodeUnknown, { status: 404, detail: 'Unknown postal code' });
  const rows = await searchTherapists(ctx.db, query.postalCode, query.limit, (query.page - 1) * query.limit);
  const maxItems = await countListed(ctx.db, start.version);
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
