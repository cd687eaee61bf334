/** The public face of the audit module: the only file other modules may import from. */

export type { AuditAction, AuditEvent } from './audit.service.js';
export { audited, recordAudit, recordAuditFailure, recordUserProbe, userNotFound } from './audit.service.js';
