import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { systemScope } from '../../lib/scope.js';
import { claimDueReminders } from './appointment-jobs.repo.js';
import { sendReminder } from './appointment-mails.js';
import { findAppointment } from './appointments.repo.js';

const DAY_MS = 86_400_000;
const BATCH = 20;
const reminderJob = systemScope('reminder job');

/**
 * Sends the reminders due at `now` (24 hours ahead), a batch per transaction: the claim (reminder_sent) and the
 * queued mails commit together. The appointments table is the job's persisted state, so nothing is lost in a
 * restart and nothing is sent twice.
 */
export async function sendDueReminders(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await withTransaction(ctx, async (tx) => {
      const ids = await claimDueReminders(tx.db, reminderJob, now, DAY_MS, BATCH);
      for (const id of ids) {
        const row = await findAppointment(tx.db, reminderJob, id);
        if (row) await sendReminder(tx, row);
      }
      return ids.length;
    });
    sent += claimed;
    if (claimed < BATCH) return sent;
  }
}

/** Every minute (the first soon after start); a failed run is retried once, then the next minute's takes over. */
export function scheduleReminders(ctx: AppContext): void {
  ctx.jobs.schedule('appointment-reminders', '* * * * *', () => sendDueReminders(ctx), {
    retryLimit: 1,
    retryDelaySeconds: 15,
    expireInSeconds: 5 * 60,
  });
}
