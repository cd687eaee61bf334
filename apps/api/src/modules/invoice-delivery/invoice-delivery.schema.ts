import type { OverdueNoticeDocument } from '@praxia/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from '../../db/columns.js';
import { customers } from '../customers/customers.schema.js';
import { invoices } from '../invoices/invoices.schema.js';
import { users } from '../users/users.schema.js';

/**
 * Payment reminders (type 'reminder', level 1, 2, …) and the final dunning notice (type 'notice') of an invoice
 * (spec §2.8, §4.4), each a document of its own, frozen like the invoice.
 */
export const overdueNotices = pgTable(
  'overdue_notices',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    type: text('type', { enum: ['reminder', 'notice'] }).notNull(),
    /** The n-th reminder of the invoice; the final notice counts on from the reminders. */
    number: integer('number').notNull(),
    state: text('state', { enum: ['created', 'sent', 'deleted'] })
      .notNull()
      .default('created'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    document: jsonb('document').$type<OverdueNoticeDocument>().notNull(),
    pdfKey: text('pdf_key').notNull(),
    fileName: text('file_name').notNull(),
    sendCount: integer('send_count').notNull().default(0),
    sentAt: timestamptz('sent_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('overdue_notices_invoice').on(table.invoiceId)],
);

/**
 * A download link mailed to the patient for one invoice or notice (spec §5 sending): the link's token and the SMS
 * code are kept only as hashes; the code lives INVOICE_SMS_CODE_MINUTES and allows INVOICE_SMS_CODE_ATTEMPTS tries, the
 * link INVOICE_LINK_MAX_CODES codes and INVOICE_LINK_MAX_WRONG_TRIES wrong tries in all.
 */
export const invoiceDeliveries = pgTable(
  'invoice_deliveries',
  {
    id: serial('id').primaryKey(),
    tokenHash: bytea('token_hash').notNull().unique('invoice_deliveries_token'),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    overdueNoticeId: integer('overdue_notice_id').references(() => overdueNotices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    codeHash: bytea('code_hash'),
    codeExpiresAt: timestamptz('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** Over the link's whole life: codes sent and wrong tries; past INVOICE_LINK_MAX_* the link is locked for good. */
    codesSent: integer('codes_sent').notNull().default(0),
    wrongTries: integer('wrong_tries').notNull().default(0),
    lockedAt: timestamptz('locked_at'),
    downloadedAt: timestamptz('downloaded_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('invoice_deliveries_one_document', sql`(${table.invoiceId} IS NULL) <> (${table.overdueNoticeId} IS NULL)`),
    index('invoice_deliveries_expires').on(table.expiresAt),
  ],
);
