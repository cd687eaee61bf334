import { z } from 'zod';
import { INT4_MAX, idField, plainText } from '../common/fields.js';

export const AUDIT_ACTIONS = [
  'read',
  'create',
  'update',
  'delete',
  'restore',
  'download',
  'export',
  'share',
  'join',
  'leave',
] as const;
/** What a row of a practice's log can be about (the platform's probes also name 'user', never shown to a practice). */
export const AUDIT_RESOURCES = [
  'patient',
  'diagnosis',
  'feeDefault',
  'medicalHistory',
  'document',
  'export',
  'appointment',
  'videoSession',
  'invoice',
  'overdueNotice',
  /** A staff member's sign-in factors (the owner's reset). */
  'secondFactors',
] as const;
export const AUDIT_OUTCOMES = ['success', 'denied', 'failed'] as const;

export const auditQuerySchema = z.object({
  patientId: idField.optional(),
  /** Part of the patient's name, as "first last", "last, first" or either alone; empty means no filter. */
  patientName: plainText()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
});

/** One audit row as the owner and the patient read it: who, when, what, with which outcome. */
export const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorUserId: z.number().nullable(),
  actorName: z.string().nullable(),
  patientId: z.number().nullable(),
  patientName: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resourceId: z.string().nullable(),
  outcome: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditListSchema = z.object({
  list: z.array(auditRowSchema),
  maxItems: z.number(),
  currentPage: z.number(),
  limit: z.number(),
});

/** The patient's access report (DSGVO Art. 15): who saw or changed their data, when and what. */
export const auditReportSchema = z.object({
  patient: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }),
  list: z.array(auditRowSchema),
});
export type AuditReport = z.infer<typeof auditReportSchema>;
