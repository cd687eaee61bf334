import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';

/** A stored file attached to a mail. */
export type MailAttachment = { filename: string; contentType: string; storageKey: string };

/** Mails leave through this outbox after the transaction that queued them commits. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Files the mail carries, read from the file storage when it is sent. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** 'pending' until sent by SMTP; 'kept' when no SMTP server is configured (shown on /dev/mail). */
    state: text('state', { enum: ['pending', 'sent', 'kept', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
    /** The process that claimed the mail for sending; a claim of a process that is gone is taken over at once. */
    claimedBy: text('claimed_by'),
  },
  (table) => [index('mail_outbox_due').on(table.state, table.nextAttemptAt)],
);
