import type { AppConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { systemScope } from '../../lib/scope.js';
import { createAuditMonthsAhead, dropExpiredAuditMonths } from './audit-partitions.repo.js';

/**
 * Months made ahead of time: rows of a month without its partition land in the class's default partition, which the
 * listing has to search too, so the job keeps that from happening even when it misses runs for a while.
 */
export const AUDIT_MONTHS_AHEAD = 3;

/** Makes the coming months' partitions and drops whole months past retention: never a row by itself. */
export async function maintainAuditPartitions(db: Executor, retention: AppConfig['auditRetention']) {
  const scope = systemScope('audit log partitions');
  const made = await createAuditMonthsAhead(db, scope, AUDIT_MONTHS_AHEAD);
  const dropped = await dropExpiredAuditMonths(db, scope, retention);
  return { made, dropped };
}

/** Daily, and once at start (a new month may have begun while no process ran). */
export function scheduleAuditPartitions(ctx: AppContext): void {
  ctx.jobs.schedule(
    'audit-log-partitions',
    '20 2 * * *',
    async () => {
      const { made, dropped } = await maintainAuditPartitions(ctx.db, ctx.config.auditRetention);
      if (made > 0 || dropped.length > 0) ctx.log.info({ made, dropped }, 'audit log partitions maintained');
    },
    { runAtStart: true },
  );
}
