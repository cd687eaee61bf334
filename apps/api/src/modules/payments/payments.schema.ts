import { date, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';

/** Upgrade payments of a practice; the provider's word (fetched, never taken from a webhook body) sets the status. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['sandbox', 'mollie'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** 'processing' while one webhook sets up the subscription; others see it and leave. */
    status: text('status', { enum: ['open', 'processing', 'paid', 'failed', 'canceled', 'expired'] })
      .notNull()
      .default('open'),
    amountCents: integer('amount_cents').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_id').on(table.provider, table.providerPaymentId),
    index('payments_customer').on(table.customerId),
  ],
);

/** The built-in sandbox payment provider's own records (what Mollie would hold). */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['payment', 'subscription'] }).notNull(),
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  redirectUrl: text('redirect_url'),
  webhookUrl: text('webhook_url'),
  /** A monthly charge names its subscription, as Mollie's recurring payments do. */
  subscriptionId: text('subscription_id'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * The practice's own invoice for its plan: one per paid charge, issued by the platform's operator, numbered across the
 * platform (§14 Abs. 4 Nr. 4 UStG), with its stored PDF. Never changed or deleted.
 */
export const planInvoices = pgTable(
  'plan_invoices',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    sequence: integer('sequence').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    pdfKey: text('pdf_key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('plan_invoices_payment').on(table.paymentId),
    unique('plan_invoices_sequence').on(table.sequence),
    unique('plan_invoices_number').on(table.invoiceNumber),
    index('plan_invoices_customer').on(table.customerId, table.issueDate),
  ],
);
