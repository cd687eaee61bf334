import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { deleteAccessProbesBefore } from './audit.repo.js';

/** How long the platform keeps refused probes: long enough to see a pattern, no longer (DSGVO Art. 5 (1) e). */
export const ACCESS_PROBE_DAYS = 90;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export async function removeOldAccessProbes(db: Executor, now: Date = new Date()): Promise<number> {
  return deleteAccessProbesBefore(db, new Date(now.getTime() - ACCESS_PROBE_DAYS * DAY_MS));
}

/** Runs the clean-up hourly; several nodes may run it at once without harm. */
export function scheduleProbeRetention(ctx: AppContext): () => void {
  const run = () =>
    void removeOldAccessProbes(ctx.db).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'access probe clean-up failed'),
    );
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
