import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';

/**
 * Who read or changed which health data, when, and with what outcome (security.md, DSGVO Art. 9 and 15). Append
 * only: a trigger (migration 0004) refuses UPDATE, DELETE and TRUNCATE. No foreign keys on purpose: the log
 * outlives what it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    customerId: integer('customer_id'),
    patientId: integer('patient_id'),
    /** read, create, update, delete, restore, download, export, share, join, leave */
    action: text('action').notNull(),
    /** patient, diagnosis, feeDefault, medicalHistory, document, export, appointment, videoSession, invoice */
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    /** success, denied, failed */
    outcome: text('outcome').notNull(),
    requestId: text('request_id'),
    /** What changed, by field name only: never the health data itself. */
    detail: jsonb('detail'),
  },
  (table) => [
    index('audit_log_customer_at').on(table.customerId, table.at),
    index('audit_log_patient_at').on(table.patientId, table.at),
  ],
);
