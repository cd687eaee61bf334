import { hasRole, Role } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { type AuditFilter, findReportPatient, listPatientAuditRows, pageAuditRows } from './audit.repo.js';

/** The practice's audit log for its owner (the route checked audit/read), optionally of one patient. */
export async function getAuditPage(
  ctx: AppContext,
  actor: Actor,
  query: AuditFilter & { limit: number; page: number },
) {
  const scope = scopeOf(actor);
  if (scope.kind !== 'practice') throw notFound('Practice not found');
  const { list, maxItems } = await pageAuditRows(ctx.db, scope, query, query.limit, query.page);
  return { list, maxItems, currentPage: query.page, limit: query.limit };
}

/**
 * The patient's access report (DSGVO Art. 15): who saw or changed their data, when and what. For the practice owner
 * of the patient's practice, and for the patient themself; anyone else gets 404 like a missing patient.
 */
export async function getPatientAuditReport(ctx: AppContext, actor: Actor, patientId: number) {
  const scope = scopeOf(actor);
  const isOwner = hasRole(actor.roles, Role.CUSTOMER_ADMIN) && scope.kind === 'practice';
  const isSelf = hasRole(actor.roles, Role.REGISTERED) && actor.userId === patientId;
  const patient = isOwner || isSelf ? await findReportPatient(ctx.db, scope, patientId) : undefined;
  if (!patient) throw notFound('Patient not found');
  return { patient, list: await listPatientAuditRows(ctx.db, scope, patient.id) };
}
