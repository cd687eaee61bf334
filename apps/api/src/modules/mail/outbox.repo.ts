import { desc, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { type MailAttachment, mailOutbox } from '../../db/schema.js';

export type OutgoingMail = {
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments?: MailAttachment[];
};

/** Queues a mail inside the caller's transaction; it leaves only after commit. */
export async function queueMail(db: Executor, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export type ClaimedMail = OutgoingMail & { id: number; attempts: number };

/**
 * Claims due mails for this process; SKIP LOCKED lets several app nodes share the outbox without sending twice. The
 * next attempt moves out by the back-off, so a mail whose sending fails (or whose sender dies) is tried again later.
 * "Due" is read on the database's clock, which also stamped the row: an app host whose clock runs behind the
 * database's would otherwise leave a fresh mail waiting for the next outbox job.
 */
export async function claimDueMails(db: Executor, limit: number, claimedBy: string): Promise<ClaimedMail[]> {
  const rows = await queryRows<{
    id: number;
    recipient: string;
    subject: string;
    text_body: string;
    html_body: string;
    attachments: MailAttachment[];
    attempts: number;
  }>(
    db,
    sql`
    UPDATE ${mailOutbox} SET attempts = attempts + 1, claimed_by = ${claimedBy},
      next_attempt_at = now() + (interval '30 seconds' * power(2, attempts))
    WHERE id IN (
      SELECT id FROM ${mailOutbox}
      WHERE state = 'pending' AND next_attempt_at <= now()
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, recipient, subject, text_body, html_body, attachments, attempts`,
  );
  return rows.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
    attachments: row.attachments,
    attempts: row.attempts,
  }));
}

/**
 * Makes mails due at once whose claim belongs to a process that is gone (no connection under its application_name):
 * it crashed while sending, and waiting for the back-off would delay sign-in codes for no reason. On PGlite only this
 * process can have the database open, so every other claim is from a previous run.
 */
export async function reclaimMailsOfGoneProcesses(db: Executor, currentProcess: string): Promise<void> {
  await db.execute(sql`
    UPDATE ${mailOutbox} SET next_attempt_at = now(), claimed_by = NULL
    WHERE state = 'pending' AND claimed_by IS NOT NULL AND claimed_by <> ${currentProcess}
      AND claimed_by NOT IN (SELECT application_name FROM pg_stat_activity WHERE application_name IS NOT NULL)`);
}

/** Ends this process's claim: sent, kept, given up, or back to pending for a later attempt. */
export async function markMail(
  db: Executor,
  id: number,
  state: 'sent' | 'kept' | 'failed' | 'pending',
  lastError: string | null = null,
): Promise<void> {
  const isSent = state === 'sent';
  // Once delivered, the content goes: it carries sign-in codes and link tokens, which are never kept in plain.
  const erased = isSent ? { subject: '', textBody: '', htmlBody: '' } : {};
  await db
    .update(mailOutbox)
    .set({ state, lastError, claimedBy: null, sentAt: isSent ? new Date() : null, ...erased })
    .where(eq(mailOutbox.id, id));
}

export async function listOutbox(db: Executor, limit = 100) {
  return db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
      state: mailOutbox.state,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
