import { bigserial, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.js';
import { AUDIT_RETENTION_CLASSES } from './audit-retention.js';

/**
 * Who read or changed which health data, when, and with what outcome (security.md, DSGVO Art. 9 and 15). Append
 * only: a trigger (migrations 0004, 0026) refuses UPDATE, DELETE and TRUNCATE. No foreign keys on purpose: the log
 * outlives what it names. Partitioned by retention class, then by calendar month (migration 0026): what has outlived
 * its retention leaves as a whole partition (audit-partitions.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    customerId: integer('customer_id'),
    patientId: integer('patient_id'),
    /** read, create, update, delete, restore, download, export, share, join, leave */
    action: text('action').notNull(),
    /** patient, diagnosis, feeDefault, medicalHistory, document, export, appointment, videoSession, invoice, overdueNotice */
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    /** success, denied, failed */
    outcome: text('outcome').notNull(),
    requestId: text('request_id'),
    /** What changed, by field name only: never the health data itself. */
    detail: jsonb('detail'),
    /** How long the row is kept (audit-retention.ts); unset, the longer time. */
    retention: text('retention', { enum: AUDIT_RETENTION_CLASSES }).notNull().default('billing'),
  },
  (table) => [
    primaryKey({ name: 'audit_log_pkey', columns: [table.id, table.retention, table.at] }),
    index('audit_log_customer_at').on(table.customerId, table.at, table.id),
    index('audit_log_patient_at').on(table.patientId, table.at),
  ],
);

/**
 * The platform's own record of refused attempts on records outside the actor's practice, for abuse detection. No
 * practice reads it: written into the prober's audit log, such a row named another practice's patient. Rows older
 * than ACCESS_PROBE_DAYS are deleted.
 */
export const accessProbes = pgTable(
  'access_probes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    /** The practice the actor acted for. */
    customerId: integer('customer_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    /** The id the actor asked for (a patient of another practice, or one that exists nowhere). */
    targetId: text('target_id'),
    outcome: text('outcome').notNull(),
    requestId: text('request_id'),
  },
  (table) => [index('access_probes_at').on(table.at), index('access_probes_actor_at').on(table.actorUserId, table.at)],
);
