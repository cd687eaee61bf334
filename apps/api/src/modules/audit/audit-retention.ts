import type { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@praxia/shared';

/**
 * The two retention classes of the audit log, each in partitions of its own (migration 0026):
 * - billing: rows about invoices, reminders and fees (10 years: §147 AO, §14b UStG) and every change of health data,
 *   which belongs to the record's own history (§630f BGB, 10 years);
 * - reads: reads of health data, kept as proof while a claim about them can still be brought (3 years: §195 BGB).
 */
export const AUDIT_RETENTION_CLASSES = ['billing', 'reads'] as const;
export type AuditRetentionClass = (typeof AUDIT_RETENTION_CLASSES)[number];

type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** The resources of the log; the platform's probes name 'user' too, but never reach the log. */
type AuditResource = (typeof AUDIT_RESOURCES)[number] | 'user';

/** Actions that only look at data: a read, or data leaving to the reader (download, export, a video call). */
const READ_ACTIONS: ReadonlySet<AuditAction> = new Set(['read', 'download', 'export', 'join', 'leave']);
const BILLING_RESOURCES: ReadonlySet<AuditResource> = new Set(['invoice', 'overdueNotice', 'feeDefault']);

/** The class a row is kept by. The migration classifies the rows it moves with the same rule, in SQL. */
export function retentionClassOf(action: AuditAction, resource: AuditResource): AuditRetentionClass {
  return READ_ACTIONS.has(action) && !BILLING_RESOURCES.has(resource) ? 'reads' : 'billing';
}
