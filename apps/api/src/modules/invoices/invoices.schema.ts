import type { InvoiceDocument } from '@praxia/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';
import { appointments } from '../calendar/appointments.schema.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';

/**
 * An issued invoice or cancellation (Storno), a legal document kept 10 years: its printed content is frozen in
 * `document` when issued and its files are drawn from it; nothing about it changes afterwards except its state. Rows
 * are never deleted: 'deleted' is a state, so a number is never reused (§14 Abs.4 Nr.4 UStG).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Consecutive per practice from its firstInvoiceNumber; a cancellation takes the next number too. */
    invoiceNumber: integer('invoice_number').notNull(),
    kind: text('kind', { enum: ['invoice', 'cancellation'] })
      .notNull()
      .default('invoice'),
    /** A cancellation names the invoice it cancels. */
    cancelsInvoiceId: integer('cancels_invoice_id'),
    state: text('state', { enum: ['created', 'paid', 'cancelled', 'deleted'] })
      .notNull()
      .default('created'),
    /** Gross total in cents (negative for a cancellation). */
    amountCents: integer('amount_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The day it was paid: a matched bank credit's booking date, or the day it was marked paid by hand. */
    paidAt: date('paid_at', { mode: 'string' }),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    /**
     * Storage keys of the files drawn from `document` once the issue has committed; `fileName` is the download name
     * without extension. documentsReadyAt is set once both are stored (until then they are drawn on demand).
     */
    pdfKey: text('pdf_key').notNull(),
    docxKey: text('docx_key').notNull(),
    fileName: text('file_name').notNull(),
    documentsReadyAt: timestamptz('documents_ready_at'),
    /** E-mail sends so far (spec §3: at most INVOICE_SEND_LIMIT); the first sets sentAt. */
    sendCount: integer('send_count').notNull().default(0),
    sentAt: timestamptz('sent_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('invoices_customer_number').on(table.customerId, table.invoiceNumber),
    foreignKey({ columns: [table.cancelsInvoiceId], foreignColumns: [table.id], name: 'invoices_cancels' }),
    index('invoices_customer_created').on(table.customerId, table.createdAt),
    index('invoices_therapist_created').on(table.therapistId, table.createdAt),
    index('invoices_documents_pending').on(table.createdAt).where(sql`${table.documentsReadyAt} IS NULL`),
    check('invoices_send_count', sql`${table.sendCount} >= 0`),
  ],
);

/** Which appointments an invoice bills (one invoice per patient; one or more lines per appointment). */
export const invoiceAppointments = pgTable(
  'invoice_appointments',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.invoiceId, table.appointmentId] }),
    index('invoice_appointments_appointment').on(table.appointmentId),
  ],
);
