import { integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';

/** One row that GET /api/health rewrites: proof the database takes writes, not only reads. */
export const healthChecks = pgTable('health_checks', {
  id: integer('id').primaryKey(),
  checkedAt: timestamptz('checked_at').notNull(),
});
