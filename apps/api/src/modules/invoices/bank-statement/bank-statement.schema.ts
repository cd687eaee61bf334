import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../db/columns.js';
import { customers } from '../../customers/customers.schema.js';
import { users } from '../../users/users.schema.js';
import { invoices } from '../invoices.schema.js';

/**
 * Every credit of an imported bank statement, kept so that the same statement imported again changes nothing
 * (`entryKey` is unique per practice) and so that credits nobody could match wait to be assigned by hand.
 */
export const bankStatementEntries = pgTable(
  'bank_statement_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    entryKey: text('entry_key').notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reference: text('reference').notNull(),
    debtorName: text('debtor_name').notNull(),
    /** The invoice the credit pays (in part or in full); null while it waits to be assigned. */
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    matchedBy: text('matched_by', { enum: ['reference', 'hand'] }),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('bank_statement_entries_customer_key').on(table.customerId, table.entryKey),
    index('bank_statement_entries_invoice').on(table.invoiceId),
    check('bank_statement_entries_amount', sql`${table.amountCents} > 0`),
    check('bank_statement_entries_matched_by', sql`${table.matchedBy} IN ('reference', 'hand')`),
    check('bank_statement_entries_assigned', sql`(${table.invoiceId} IS NULL) = (${table.matchedBy} IS NULL)`),
  ],
);
