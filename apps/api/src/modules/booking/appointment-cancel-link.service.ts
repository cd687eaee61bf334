import type { appointmentCancelInfoSchema } from '@praxia/shared';
import { toPracticeIsoDateTime } from '@praxia/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { systemScope } from '../../lib/scope.js';
import { hashToken } from '../../lib/tokens.js';
import { notFound } from '../../plugins/errors.js';
import {
  type AppointmentRow,
  auditAppointment,
  confirmPatientCancellation,
  findAppointmentByCancelToken,
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
    await auditAppointment(tx, null, row, 'update', { cancelledByPatient: true });
    await notifyTherapistOfPatientCancellation(tx, row);
    await confirmPatientCancellation(tx, row);
    await freeSlot(tx, cancelLink, row);
  });
}
