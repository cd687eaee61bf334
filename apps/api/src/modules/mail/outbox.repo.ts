import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';

export type OutgoingMail = { recipient: string; subject: string; textBody: string; htmlBody: string };

/** Queues a mail inside the caller's transaction; it leaves only after commit. */
export async function queueMail(db: Executor, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

export type ClaimedMail = OutgoingMail & { id: number; attempts: number };

/** Claims due mails; SKIP LOCKED lets several app nodes share the outbox without sending twice. */
export async function claimDueMails(db: Executor, now: Date, limit: number): Promise<ClaimedMail[]> {
  const rows = await queryRows<{
    id: number;
    recipient: string;
    subject: string;
    text_body: string;
    html_body: string;
    attempts: number;
  }>(
    db,
    sql`
    UPDATE ${mailOutbox} SET attempts = attempts + 1,
      next_attempt_at = ${now}::timestamptz + (interval '30 seconds' * power(2, attempts))
    WHERE id IN (
      SELECT id FROM ${mailOutbox}
      WHERE state = 'pending' AND next_attempt_at <= ${now}
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, recipient, subject, text_body, html_body, attempts`,
  );
  return rows.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
    attempts: row.attempts,
  }));
}

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
    .set({ state, lastError, sentAt: isSent ? new Date() : null, ...erased })
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

export async function countPendingMails(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.state, 'pending'), lte(mailOutbox.nextAttemptAt, now)));
  return rows[0]?.count ?? 0;
}
