import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { invoiceDeliveries } from './invoices.schema.js';
import { smsOutbox } from './sms/sms.schema.js';

const HOUR_MS = 3_600_000;
/** The development outbox keeps codes in plain; a day is enough to read them. */
const SMS_OUTBOX_KEEP_MS = 24 * HOUR_MS;

/**
 * Deletes download links past their end (their codes with them) and old development SMS. Who downloaded what stays
 * in the audit log; a link that opens nothing any more has nothing left to keep.
 */
export async function removeExpiredDeliveries(db: Executor, now: Date = new Date()): Promise<void> {
  await db.delete(invoiceDeliveries).where(lt(invoiceDeliveries.expiresAt, now));
  await db.delete(smsOutbox).where(lt(smsOutbox.createdAt, new Date(now.getTime() - SMS_OUTBOX_KEEP_MS)));
}

export function scheduleDeliveryHousekeeping(ctx: AppContext): () => void {
  const run = () =>
    void removeExpiredDeliveries(ctx.db).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'invoice delivery housekeeping failed'),
    );
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
