import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bytea, timestamptz } from '../../db/columns.js';
import { appointmentTypes } from '../appointment-types/appointment-types.schema.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';

/**
 * A guest waiting for a free slot of one therapist in one practice (issue 9, beyond the spec): name and e-mail kept
 * with consent for WAITING_LIST_DAYS, offered freed slots by e-mail, removable by the link in every mail. Entries are
 * short-lived guest data, so they go with their practice, therapist or type (cascade) instead of holding them back.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** Null: any insurance. */
    insuranceType: text('insurance_type', { enum: ['legally', 'privately'] }),
    /** Null: any of the therapist's types. */
    appointmentTypeId: integer('appointment_type_id').references(() => appointmentTypes.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    // The offer's look-up: the entries of one calendar, oldest first.
    index('waiting_list_calendar').on(table.therapistId, table.customerId, table.createdAt),
    // The expiry job's range.
    index('waiting_list_created').on(table.createdAt),
  ],
);

/**
 * The removal links of an entry: every mail to the guest carries a fresh one (only hashes are kept, so an older mail's
 * link cannot be rebuilt), and any of them removes the entry. They go with the entry.
 */
export const waitingListRemovalLinks = pgTable(
  'waiting_list_removal_links',
  {
    /** SHA-256 of the link's 256-bit token. */
    tokenHash: bytea('token_hash').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitingListEntries.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('waiting_list_removal_links_entry').on(table.entryId)],
);
