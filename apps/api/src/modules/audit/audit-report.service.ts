import { hasRole, Role } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { patients, users } from '../../db/schema.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { listPatientAuditRows, pageAuditRows } from './audit.repo.js';

/** The practice's audit log for its owner (the route checked audit/read), optionally of one patient. */
export async function getAuditPage(
  ctx: AppContext,
  actor: Actor,
  query: { patientId?: number; limit: number; page: number },
) {
  if (actor.practiceId === null) throw notFound('Practice not found');
  const { list, maxItems } = await pageAuditRows(ctx.db, actor.practiceId, query.patientId, query.limit, query.page);
  return { list, maxItems, currentPage: query.page, limit: query.limit };
}

/**
 * The patient's access report (DSGVO Art. 15): who saw or changed their data, when and what. For the practice owner
 * of the patient's practice, and for the patient themself; anyone else gets 404 like a missing patient.
 */
export async function getPatientAuditReport(ctx: AppContext, actor: Actor, patientId: number) {
  const [patient] = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, customerId: patients.customerId })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(and(eq(patients.userId, patientId)));
  const isOwner =
    hasRole(actor.roles, Role.CUSTOMER_ADMIN) && patient !== undefined && actor.practiceId === patient.customerId;
  const isSelf = hasRole(actor.roles, Role.REGISTERED) && actor.userId === patientId;
  if (!patient || !(isOwner || isSelf)) throw notFound('Patient not found');
  const list = await listPatientAuditRows(ctx.db, patient.customerId, patient.id);
  return { patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName }, list };
}
