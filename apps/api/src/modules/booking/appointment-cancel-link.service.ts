import type { appointmentCancelInfoSchema } from '@praxia/shared';
import { toPracticeIsoDateTime } from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { practiceScope, type Scope, scopeOf, systemScope } from '../../lib/scope.js';
import { hashToken } from '../../lib/tokens.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import {
  type AppointmentRow,
  auditAppointment,
  confirmPatientCancellation,
  findAppointmentByCancelToken,
  findOwnAppointment,
  freeSlot,
  notifyTherapistOfPatientCancellation,
} from '../calendar/index.js';
import { findCustomer } from '../customers/index.js';
import { findUserById } from '../users/index.js';

const linkNotFound = () => notFound('Appointment not found');
// The link is its holder's only credential; it may name an appointment of any practice.
const cancelLink = systemScope('cancel link');

/** The booked, future appointment a link names; the link expires when the appointment begins. */
async function findByLink(db: Executor, token: string, forUpdate = false): Promise<AppointmentRow> {
  const row = await findAppointmentByCancelToken(db, cancelLink, hashToken(token), forUpdate);
  if (row?.state !== 'taken' || row.startsAt.getTime() <= Date.now()) throw linkNotFound();
  return row;
}

/** GET /appointment/cancel/{securityToken}: what the public cancel page shows — no names, no health data. */
export async function getCancelInfo(
  ctx: AppContext,
  token: string,
): Promise<z.infer<typeof appointmentCancelInfoSchema>> {
  const row = await findByLink(ctx.db, token);
  const [therapist, practice] = await Promise.all([
    findUserById(ctx.db, row.therapistId),
    findCustomer(ctx.db, row.customerId),
  ]);
  return {
    appointmentStart: toPracticeIsoDateTime(row.startsAt),
    appointmentEnd: toPracticeIsoDateTime(row.endsAt),
    therapistName: therapist
      ? [therapist.title, therapist.firstName, therapist.lastName].filter(Boolean).join(' ')
      : '',
    practiceName: practice?.name ?? '',
    location: row.location,
  };
}

/**
 * PATCH /appointment/cancel/{securityToken}: the patient cancels through the link from the confirmation. The slot is
 * free again, the token is gone (the link works once), the patient gets a confirmation, the therapist hears of it per
 * their on-site setting, and the waiting list is offered the slot.
 */
export async function cancelByLink(ctx: AppContext, token: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const row = await findByLink(tx.db, token, true);
    await cancelForPatient(tx, null, row, cancelLink);
  });
}

/** What a patient's cancellation does, through the link or signed in: the same mails, the slot free again. */
async function cancelForPatient(tx: AppContext, actor: Actor | null, row: AppointmentRow, scope: Scope) {
  await auditAppointment(tx, actor, row, 'update', { cancelledByPatient: true });
  await notifyTherapistOfPatientCancellation(tx, row);
  await confirmPatientCancellation(tx, row);
  await freeSlot(tx, scope, row);
}

/**
 * PATCH /patient/appointments/{id}/cancel: the signed-in patient cancels their own appointment under the cancel
 * link's rule (booked, not yet begun). Anything else — another person's, another practice's, a past one — is 404.
 */
export async function cancelOwnAppointment(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const scope = scopeOf(actor);
  await withTransaction(ctx, async (tx) => {
    const row = await findOwnAppointment(tx.db, scope, id, true);
    if (row?.state !== 'taken' || row.startsAt.getTime() <= Date.now()) throw notFound('Appointment not found');
    // Ownership is settled above; the slot is freed as the practice's calendar row it is.
    await cancelForPatient(tx, actor, row, practiceScope(row.customerId, actor.userId));
  });
}
