import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { systemScope } from '../../lib/scope.js';
import { removeOldOutboxSms } from '../sms/index.js';
import { deleteExpiredDeliveries } from './invoice-delivery.repo.js';

/**
 * Deletes download links past their end (their codes with them) and old development SMS. Who downloaded what stays
 * in the audit log; a link that opens nothing any more has nothing left to keep.
 */
export async function removeExpiredDeliveries(db: Executor, now: Date = new Date()): Promise<void> {
  await deleteExpiredDeliveries(db, systemScope('invoice delivery housekeeping'), now);
  await removeOldOutboxSms(db, now);
}

/** Hourly. */
export function scheduleDeliveryHousekeeping(ctx: AppContext): void {
  ctx.jobs.schedule('invoice-delivery-housekeeping', '10 * * * *', () => removeExpiredDeliveries(ctx.db));
}
