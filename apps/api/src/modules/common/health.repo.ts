import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { healthChecks } from './common.schema.js';

/** Reads and writes one tiny row; throws when the database cannot do either. */
export async function checkDatabase(ctx: AppContext): Promise<void> {
  await ctx.db
    .insert(healthChecks)
    .values({ id: 1, checkedAt: sql`now()` })
    .onConflictDoUpdate({ target: healthChecks.id, set: { checkedAt: sql`now()` } });
}
