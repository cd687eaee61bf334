import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';
import { customers } from '../customers/customers.schema.js';
import { users } from '../users/users.schema.js';

/**
 * One note or one document of a patient's medical history (spec people §3, §4). Editing a note inserts a new
 * entry and hangs the old one below it (parent_id) as 'changed'; deleting only changes the state. The file itself
 * lives in the storage under storage_key; its size counts against the therapist's quota.
 */
export const medicalHistoryEntries = pgTable(
  'medical_history_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Whose storage quota the file counts against: the patient's therapist. */
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    note: text('note'),
    filename: text('filename'),
    storageKey: text('storage_key'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    state: text('state', { enum: ['active', 'deleted', 'changed'] })
      .notNull()
      .default('active'),
    parentId: integer('parent_id').references((): AnyPgColumn => medicalHistoryEntries.id, { onDelete: 'restrict' }),
    /** Shared with the patient, who sees it after signing in (document exchange). */
    sharedWithPatient: boolean('shared_with_patient').notNull().default(false),
    /** Uploaded by the patient through the patient portal. */
    sentByPatient: boolean('sent_by_patient').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('medical_history_client').on(table.clientId, table.createdAt),
    index('medical_history_therapist_files').on(table.therapistId).where(sql`${table.storageKey} IS NOT NULL`),
    check('medical_history_note_or_file', sql`(${table.note} IS NULL) <> (${table.storageKey} IS NULL)`),
  ],
);
