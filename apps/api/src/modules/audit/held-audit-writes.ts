import type { AppContext } from '../../context.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';

/**
 * Refused attempts kept in this process while the database is unreachable, at most this many; one beyond is logged
 * and dropped (an outage must not become a way to fill the server's memory).
 */
export const HELD_AUDIT_WRITES_MAX = 1_000;

/** A write of one refused attempt, given the time of the attempt (a late row keeps when it happened). */
type HeldWrite = { at: Date; write: (at: Date) => Promise<void> };

// One list per app (its job queue is its own): the tests run several apps, each on its own database, in one process.
const heldByApp = new WeakMap<AppContext['jobs'], HeldWrite[]>();

/** Keeps a refused attempt's row that the database did not take, for flushHeldAuditWrites to write later. */
export function holdAuditWrite(ctx: AppContext, write: HeldWrite['write']): void {
  const held = heldByApp.get(ctx.jobs) ?? [];
  heldByApp.set(ctx.jobs, held);
  if (held.length >= HELD_AUDIT_WRITES_MAX) {
    ctx.log.error('audit row of a refused attempt dropped: the database is unreachable and the held rows are full');
    return;
  }
  held.push({ at: new Date(), write });
  ctx.log.error('audit row of a refused attempt held until the database answers again');
}

/**
 * Writes the held rows in the order of their attempts; stops at one the database cannot take yet (it is still away).
 * A row refused for another reason would be refused forever: it is logged and given up.
 */
export async function flushHeldAuditWrites(ctx: AppContext): Promise<number> {
  const held = heldByApp.get(ctx.jobs) ?? [];
  let written = 0;
  for (let next = held[0]; next; next = held[0]) {
    try {
      await next.write(next.at);
      written++;
    } catch (failure) {
      if (isDatabaseUnavailable(failure)) {
        ctx.log.error({ err: failure }, 'held audit rows still cannot be written');
        break;
      }
      ctx.log.error({ err: failure }, 'held audit row given up');
    }
    held.shift();
  }
  return written;
}

/** Held rows (for tests and diagnostics). */
export const heldAuditWrites = (ctx: AppContext) => heldByApp.get(ctx.jobs)?.length ?? 0;

/** Every minute: the job runs from the database, so it runs again once the database is back. */
export function scheduleHeldAuditFlush(ctx: AppContext): void {
  ctx.jobs.schedule('held-audit-writes', '* * * * *', async () => {
    await flushHeldAuditWrites(ctx);
  });
}
