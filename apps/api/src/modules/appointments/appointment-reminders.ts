import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { claimDueReminders } from './appointment-jobs.repo.js';
import { sendReminder } from './appointment-mails.js';
import { findAppointment } from './appointments.repo.js';

const DAY_MS = 86_400_000;
const BATCH = 20;
const POLL_MS = 60_000;
const FIRST_RUN_MS = 5_000;

/**
 * Sends the reminders due at `now` (24 hours ahead), a batch per transaction: the claim (reminder_sent) and the
 * queued mails commit together. The appointments table is the job's persisted state, so nothing is lost in a
 * restart and nothing is sent twice.
 */
export async function sendDueReminders(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await withTransaction(ctx, async (tx) => {
      const ids = await claimDueReminders(tx.db, now, DAY_MS, BATCH);
      for (const id of ids) {
        const row = await findAppointment(tx.db, id);
        if (row) await sendReminder(tx, row);
      }
      return ids.length;
    });
    sent += claimed;
    if (claimed < BATCH) return sent;
  }
}

/** Runs the reminder job every minute (first a few seconds after start); returns what stops it. */
export function scheduleReminders(ctx: AppContext): () => void {
  const run = () =>
    void sendDueReminders(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'reminders failed'));
  const first = setTimeout(run, FIRST_RUN_MS);
  const timer = setInterval(run, POLL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
