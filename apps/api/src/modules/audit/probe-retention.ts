import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { systemScope } from '../../lib/scope.js';
import { deleteAccessProbesBefore } from './audit.repo.js';

/** How long the platform keeps refused probes: long enough to see a pattern, no longer (DSGVO Art. 5 (1) e). */
export const ACCESS_PROBE_DAYS = 90;
const DAY_MS = 86_400_000;

export async function removeOldAccessProbes(db: Executor, now: Date = new Date()): Promise<number> {
  return deleteAccessProbesBefore(
    db,
    systemScope('access probe retention'),
    new Date(now.getTime() - ACCESS_PROBE_DAYS * DAY_MS),
  );
}

/** Hourly. */
export function scheduleProbeRetention(ctx: AppContext): void {
  ctx.jobs.schedule('access-probe-retention', '15 * * * *', () => removeOldAccessProbes(ctx.db));
}
