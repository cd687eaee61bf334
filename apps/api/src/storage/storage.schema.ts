import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns.js';

/**
 * Stored files that no committed row references (yet, or any more): a key is listed before its file is written and
 * unlisted in the transaction that commits the row pointing at it; a replaced or deleted file is listed in the
 * transaction that drops its last reference. The daily sweep deletes the files still listed after a grace period.
 */
export const unreferencedFiles = pgTable('unreferenced_files', {
  key: text('key').primaryKey(),
  listedAt: timestamptz('listed_at').defaultNow().notNull(),
});
