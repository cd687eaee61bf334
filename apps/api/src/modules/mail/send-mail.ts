import type { AppContext } from '../../context.js';
import { afterCommit } from '../../db/unit-of-work.js';
import { type OutgoingMail, queueMail } from './outbox.repo.js';

/** Queues a mail in the caller's unit of work; the dispatcher sends it once that commits. */
export async function sendMail(ctx: AppContext, mail: OutgoingMail): Promise<void> {
  await queueMail(ctx.db, mail);
  afterCommit(ctx, () => void ctx.mail.flush());
}
