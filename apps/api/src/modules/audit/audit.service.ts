import type { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { noScope, practiceScope, systemScope } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { insertAccessProbe, isPatientInScope } from './audit.repo.js';
import { retentionClassOf } from './audit-retention.js';
import { holdAuditWrite } from './held-audit-writes.js';

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditResource =
  | (typeof AUDIT_RESOURCES)[number]
  /** A user addressed by id whose kind the answer must not reveal (GET /user/{id}); probes only. */
  | 'user';
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

function toRow(event: AuditEvent, outcome: AuditOutcome, at?: Date): typeof auditLog.$inferInsert {
  return {
    at,
    actorUserId: event.actor?.userId ?? null,
    customerId: event.customerId,
    patientId: event.patientId,
    action: event.action,
    resource: event.resource,
    resourceId: event.resourceId === undefined || event.resourceId === null ? null : String(event.resourceId),
    outcome,
    requestId: event.requestId ?? null,
    detail: event.detail ?? null,
    retention: retentionClassOf(event.action, event.resource),
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
 * (an id of another practice answers 404), everything else as failed. An attempt on someone who is not a patient of
 * the acting practice (another practice's, or no one's) goes to the platform's probe record instead: in the
 * practice's log it would tell the prober that the id is a patient, and whose. A patient's own attempts stay. Never throws: the caller rethrows
 * the original error.
 */
export async function recordAuditFailure(ctx: AppContext, event: AuditEvent, error: unknown): Promise<void> {
  const status = error instanceof AppError ? error.status : 500;
  const outcome: AuditOutcome = status === 403 || status === 404 ? 'denied' : 'failed';
  await writeOrHold(ctx, 'audit row could not be written', (at) => writeAuditFailure(ctx, event, outcome, at));
}

/**
 * Writes a refused attempt's row; while the database is unreachable the row is held in memory and written by a job
 * once it is back (held-audit-writes.ts), with the time of the attempt. Never throws.
 */
async function writeOrHold(ctx: AppContext, message: string, write: (at?: Date) => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (failure) {
    if (isDatabaseUnavailable(failure)) holdAuditWrite(ctx, write);
    else ctx.log.error({ err: failure }, message);
  }
}

async function writeAuditFailure(ctx: AppContext, event: AuditEvent, outcome: AuditOutcome, at?: Date) {
  const { patientId } = event;
  const isAboutNoOneElse = patientId === null || patientId === event.actor?.userId;
  const practice = event.customerId === null ? noScope : practiceScope(event.customerId);
  if (isAboutNoOneElse || (await isPatientInScope(ctx.db, practice, patientId))) {
    await ctx.db.insert(auditLog).values(toRow(event, outcome, at));
  } else {
    await recordAccessProbe(ctx, { ...event, resourceId: event.patientId }, outcome, at);
  }
}

/**
 * A refused attempt on a record outside the actor's practice, kept where no practice reads it (abuse detection).
 * Calls that answer a foreign or missing id alike record the probe alike, whatever the id names.
 */
async function recordAccessProbe(
  ctx: AppContext,
  event: Omit<AuditEvent, 'patientId' | 'detail'>,
  outcome: AuditOutcome = 'denied',
  at?: Date,
): Promise<void> {
  await insertAccessProbe(ctx.db, systemScope('access probe'), {
    at,
    actorUserId: event.actor?.userId ?? null,
    customerId: event.customerId,
    action: event.action,
    resource: event.resource,
    targetId: event.resourceId === undefined || event.resourceId === null ? null : String(event.resourceId),
    outcome,
    requestId: event.requestId ?? null,
  });
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

/** GET /user/{id}'s one answer for every id the caller may not see, whatever the id names. */
export const userNotFound = () => notFound('User not found');

/** The one trace of GET /user/{id} for every id the caller may not see: a probe, whatever the id names. */
export async function recordUserProbe(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const probe = { actor, customerId: actor.practiceId, action: 'read' as const, resource: 'user' as const };
  await writeOrHold(ctx, 'access probe could not be written', (at) =>
    recordAccessProbe(ctx, { ...probe, resourceId: id }, 'denied', at),
  );
}
