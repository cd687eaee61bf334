import { type Appointment, ErrorCode, ValidationKey as V } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, validationFailed } from '../../plugins/errors.js';
import { findPatientsByEmail, loadPatient } from '../patients/index.js';
import { clientSnapshot } from './appointment-booking.service.js';
import { copyFeeDefaultsToAppointment, listAppointmentFees } from './appointment-fees.repo.js';
import { sendVideoLink } from './appointment-mails.js';
import { auditAppointment, isHeldForPatient, loadAppointment } from './appointment-rules.js';
import { updateAppointment } from './appointments.repo.js';
import { readAppointment } from './appointments.service.js';

/** GET /appointment/{id}/patient-matches: the therapist's patients with the held booking's e-mail (none otherwise). */
export async function findPatientMatches(ctx: AppContext, actor: Actor, id: number) {
  const scope = scopeOf(actor);
  const row = await loadAppointment(ctx.db, scope, id);
  if (!isHeldForPatient(row) || !row.clientEmail) return { list: [] };
  return { list: await findPatientsByEmail(ctx.db, scope, row.therapistId, row.clientEmail) };
}

/**
 * PATCH /appointment/{id}/patient: the practice has checked a held booking and names its patient. The appointment
 * then shows the record's name and address (the guest's own typing stays in the booking's audit row), gets the
 * patient's fee defaults when it has no fee entries yet, and an online appointment's patient gets the personal video
 * link the confirmation could not carry without a record.
 */
export async function assignHeldBooking(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { clientId: number },
): Promise<Appointment> {
  const scope = scopeOf(actor);
  const row = await withTransaction(ctx, async (tx) => {
    const held = await loadAppointment(tx.db, scope, id, true);
    if (!isHeldForPatient(held)) {
      throw new AppError(ErrorCode.appointmentNotHeld, {
        status: 409,
        detail: 'Dieser Termin wartet nicht auf eine Zuordnung.',
      });
    }
    const record = await loadPatient(tx.db, scope, input.clientId);
    if (record.patient.customerId !== held.customerId) throw validationFailed('clientId', V.invalidValue);
    // Nothing of the guest's typing is kept on the appointment: the checked record names and addresses it.
    const assigned = await updateAppointment(tx.db, scope, held.id, clientSnapshot({}, record));
    const hasFees = (await listAppointmentFees(tx.db, scope, [held.id])).length > 0;
    const copied = hasFees ? 0 : await copyFeeDefaultsToAppointment(tx.db, scope, record.user.id, held.id);
    await auditAppointment(tx, actor, assigned, 'update', { heldBookingAssigned: true, feeDefaultsCopied: copied });
    if (assigned.location === 'remote' && assigned.sendEmails) {
      await sendVideoLink(tx, assigned, await tx.videoLinks.issuePatientLink(tx, assigned), true);
    }
    return assigned;
  });
  return readAppointment(ctx.db, scope, row);
}
