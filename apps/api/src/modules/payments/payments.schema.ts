import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
