import type { AppContext } from '../../context.js';
import { systemScope } from '../../lib/scope.js';
import { storeInvoiceFiles } from './invoice-files.js';
import { findInvoicesWithoutFiles } from './invoices.repo.js';

const PAGE_SIZE = 50;
/** An issue draws its files right after commit; younger invoices may still be in that request's hands. */
const GRACE_MS = 5 * 60_000;

/**
 * Draws the files of invoices issued at least GRACE_MS before `now` that still have none (the process ended between
 * the commit and the drawing). One that fails is logged and left for the next run; the run then fails, so
 * the queue retries it. Answers how many were drawn.
 */
export async function drawMissingInvoiceFiles(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const scope = systemScope('invoice files recovery');
  const issuedBefore = new Date(now.getTime() - GRACE_MS);
  let afterId = 0;
  let drawn = 0;
  let failed = 0;
  for (;;) {
    const rows = await findInvoicesWithoutFiles(ctx.db, scope, { issuedBefore, afterId, limit: PAGE_SIZE });
    if (rows.length === 0) break;
    for (const row of rows) {
      afterId = row.id;
      try {
        await storeInvoiceFiles(ctx, row);
        drawn += 1;
      } catch (error) {
        failed += 1;
        ctx.log.error({ err: error, invoiceId: row.id }, 'invoice files not drawn');
      }
    }
  }
  if (failed > 0) throw new Error(`${failed} invoices still without files`);
  return drawn;
}

/** Every five minutes, and once at start (a crash is the usual reason for missing files). */
export function scheduleInvoiceFilesRecovery(ctx: AppContext): void {
  ctx.jobs.schedule('invoice-files-recovery', '*/5 * * * *', () => drawMissingInvoiceFiles(ctx), { runAtStart: true });
}
