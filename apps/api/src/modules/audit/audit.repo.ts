import { and, count, desc, eq, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { accessProbes, auditLog, patients, users } from '../../db/schema.js';
import { likeEscape } from '../../lib/like-pattern.js';
import { practiceRows, type Scope, type SystemScope } from '../../lib/scope.js';

const actorUser = alias(users, 'actor_user');
const patientUser = alias(users, 'patient_user');

/** A row's patient, only when they are a patient of the row's own practice. */
const samePracticePatient = and(eq(patients.userId, auditLog.patientId), eq(patients.customerId, auditLog.customerId));

/** Rows whose (same-practice) patient's name contains the text, as "first last", "last, first" or either alone. */
function patientNameMatches(text: string): SQL | undefined {
  const pattern = `%${likeEscape(text)}%`;
  return or(
    ilike(sql`${patientUser.firstName} || ' ' || ${patientUser.lastName}`, pattern),
    ilike(sql`${patientUser.lastName} || ', ' || ${patientUser.firstName}`, pattern),
  );
}

/**
 * Audit rows with the names of who acted and whose data it was, newest first. A patient is named only when they are
 * a patient of the row's own practice: a row can never make a name of another practice readable.
 */
async function selectRows(db: Executor, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const query = db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorUserId: auditLog.actorUserId,
      actorFirstName: actorUser.firstName,
      actorLastName: actorUser.lastName,
      patientId: auditLog.patientId,
      patientFirstName: patientUser.firstName,
      patientLastName: patientUser.lastName,
      action: auditLog.action,
      resource: auditLog.resource,
      resourceId: auditLog.resourceId,
      outcome: auditLog.outcome,
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
    .leftJoin(patients, samePracticePatient)
    .leftJoin(patientUser, eq(patientUser.id, patients.userId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query.limit(10_000));
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorName: row.actorLastName ? `${row.actorLastName}, ${row.actorFirstName}` : null,
    patientId: row.patientId,
    patientName: row.patientLastName ? `${row.patientLastName}, ${row.patientFirstName}` : null,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    outcome: row.outcome,
  }));
}

export type AuditFilter = { patientId?: number; patientName?: string };

/** A page of the scope's practice's log, optionally of one patient (by id, or by part of the name). */
export async function pageAuditRows(db: Executor, scope: Scope, filter: AuditFilter, limit: number, page: number) {
  const where = and(
    practiceRows(scope, auditLog.customerId),
    filter.patientId === undefined ? undefined : eq(auditLog.patientId, filter.patientId),
    filter.patientName === undefined ? undefined : patientNameMatches(filter.patientName),
  );
  const list = await selectRows(db, where, { limit, offset: (page - 1) * limit });
  const total = await db
    .select({ value: count() })
    .from(auditLog)
    .leftJoin(patients, samePracticePatient)
    .leftJoin(patientUser, eq(patientUser.id, patients.userId))
    .where(where);
  return { list, maxItems: total[0]?.value ?? 0 };
}

/** Every row about one patient in the scope's practice (the access report; capped, a report is read by a person). */
export async function listPatientAuditRows(db: Executor, scope: Scope, patientId: number) {
  return selectRows(db, and(practiceRows(scope, auditLog.customerId), eq(auditLog.patientId, patientId)));
}

/** The patient (current or deleted) of the scope's practice whose access report is asked for, with their name. */
export async function findReportPatient(db: Executor, scope: Scope, patientId: number) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(patients.userId, patientId), practiceRows(scope, patients.customerId)));
  return row;
}

/** Whether the user is a patient (current or deleted) of the scope's practice. */
export async function isPatientInScope(db: Executor, scope: Scope, patientId: number): Promise<boolean> {
  const rows = await db
    .select({ id: patients.userId })
    .from(patients)
    .where(and(eq(patients.userId, patientId), practiceRows(scope, patients.customerId)))
    .limit(1);
  return rows.length > 0;
}

/** Probes are the platform's record, whichever practice the prober acted for (the row names it). */
export async function insertAccessProbe(
  db: Executor,
  _platform: SystemScope,
  row: typeof accessProbes.$inferInsert,
): Promise<void> {
  await db.insert(accessProbes).values(row);
}

export async function deleteAccessProbesBefore(db: Executor, scope: SystemScope, before: Date): Promise<number> {
  const deleted = await db
    .delete(accessProbes)
    .where(and(lt(accessProbes.at, before), practiceRows(scope, accessProbes.customerId)))
    .returning({ id: accessProbes.id });
  return deleted.length;
}
