import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';
import { customers } from '../customers/customers.schema.js';

/**
 * Text messages of the built-in outbox provider (development, tests, demo installations): kept here instead of
 * leaving the machine, and shown on the development mail page. A real provider never writes to this table.
 */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  /** The number in E.164 form, as it would be handed to a provider. */
  recipient: text('recipient').notNull(),
  text: text('text').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
