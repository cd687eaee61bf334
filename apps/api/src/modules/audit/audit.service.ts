import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError } from '../../plugins/errors.js';

export type AuditAction =
  | 'read'
  | 'create'
  | 'update'
  | 'delete'
  | 'restore'
  | 'download'
  | 'export'
  | 'share'
  /** A party entered or left a video consultation (issue 10). */
  | 'join'
  | 'leave';
export type AuditResource =
  | 'patient'
  | 'diagnosis'
  | 'feeDefault'
  | 'medicalHistory'
  | 'document'
  | 'export'
  | 'appointment'
  | 'videoSession'
  /** An invoice or cancellation (issue 11): issued, state changed, deleted, downloaded. */
  | 'invoice';
export type AuditOutcome = 'success' | 'denied' | 'failed';

export type AuditEvent = {
  actor: Pick<Actor, 'userId'> | null;
  customerId: number | null;
  patientId: number | null;
  action: AuditAction;
  resource: AuditResource;
  resourceId?: string | number | null;
  requestId?: string;
  /** Names of the fields that changed, counts and the like: never the health data itself. */
  detail?: Record<string, unknown>;
};

function toRow(event: AuditEvent, outcome: AuditOutcome): typeof auditLog.$inferInsert {
  return {
    actorUserId: event.actor?.userId ?? null,
    customerId: event.customerId,
    patientId: event.patientId,
    action: event.action,
    resource: event.resource,
    resourceId: event.resourceId === undefined || event.resourceId === null ? null : String(event.resourceId),
    outcome,
    requestId: event.requestId ?? null,
    detail: event.detail ?? null,
  };
}

/**
 * Records a successful read or change of health data. Changes record it inside their own transaction (pass the
 * transaction's executor), so the change and its audit row commit together or not at all.
 */
export async function recordAudit(db: Executor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values(toRow(event, 'success'));
}

/**
 * Records a refused or failed attempt, outside any transaction the attempt rolled back. 403/404 count as denied
 * (an id of another practice answers 404), everything else as failed. Never throws: the caller rethrows the
 * original error.
 */
export async function recordAuditFailure(ctx: AppContext, event: AuditEvent, error: unknown): Promise<void> {
  const status = error instanceof AppError ? error.status : 500;
  const outcome: AuditOutcome = status === 403 || status === 404 ? 'denied' : 'failed';
  try {
    await ctx.db.insert(auditLog).values(toRow(event, outcome));
  } catch (failure) {
    ctx.log.error({ err: failure }, 'audit row could not be written');
  }
}

/**
 * Runs a read and records its outcome: success afterwards, or the refusal or failure. Changes record their success
 * inside their transaction instead (recordAudit) and only their failures here (recordAuditFailure).
 */
export async function audited<T>(ctx: AppContext, event: AuditEvent, work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await recordAuditFailure(ctx, event, error);
    throw error;
  }
  await recordAudit(ctx.db, event);
  return result;
}

export type AuditPage = { customerId: number; patientId?: number; limit: number; page: number };

/** The practice's audit rows, newest first (for the owner), optionally of one patient. */
export async function listAuditRows(db: Executor, query: AuditPage) {
  const where = and(
    eq(auditLog.customerId, query.customerId),
    query.patientId === undefined ? undefined : eq(auditLog.patientId, query.patientId),
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, maxItems: total[0]?.value ?? 0 };
}
