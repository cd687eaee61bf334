import { type Appointment, ErrorCode } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError } from '../../plugins/errors.js';
import { copyFeesBetweenAppointments } from './appointment-fees.repo.js';
import { sendBookingConfirmation } from './appointment-mails.js';
import {
  assertStateAllows,
  assertTimeRange,
  auditAppointment,
  loadAppointment,
  mapOverlap,
} from './appointment-rules.js';
import { deleteAppointments, insertAppointment, lockSeriesFrom, lockTherapistCalendar } from './appointments.repo.js';
import { readAppointment } from './appointments.service.js';

/**
 * DELETE /appointment/{id}: this appointment, or with `deleteSeries` this and every later one of its series (spec
 * §4.1, §8). Billed appointments stay (their invoice needs them). The client is not told (the delete dialog says so):
 * rejecting is the action that informs them.
 */
export async function deleteAppointment(ctx: AppContext, actor: Actor, id: number, deleteSeries: boolean) {
  const scope = scopeOf(actor);
  await withTransaction(ctx, async (tx) => {
    const row = await loadAppointment(tx.db, scope, id, true);
    assertStateAllows(row, 'delete');
    const targets = deleteSeries ? await lockSeriesFrom(tx.db, scope, row) : [row];
    if (targets.some((target) => target.state === 'billed')) {
      throw new AppError(ErrorCode.appointmentSeriesBilled, {
        status: 409,
        detail: 'Löschung beinhaltet bereits abgerechneten Termin, bitte diesen zunächst einzeln löschen.',
      });
    }
    for (const target of targets) await auditAppointment(tx, actor, target, 'delete');
    const ids = targets.map((target) => target.id);
    // One that an invoice named (cancelled or deleted since, so billable again) is kept with it (§147 AO).
    if (await tx.invoiceChecks.appointmentsInInvoices(tx.db, ids)) {
      throw new AppError(ErrorCode.appointmentInvoiced, {
        status: 409,
        detail:
          'Dieser Termin ist in einer Rechnung enthalten und kann nicht gelöscht werden, da Rechnungen 10 Jahre aufbewahrt werden müssen (§ 147 AO).',
      });
    }
    await tx.videoLinks.endVideoConsultations(tx, ids);
    await deleteAppointments(tx.db, scope, ids);
  });
}

/**
 * POST /appointment/copy: the appointment again at another start with its duration, type and place. A copy of a
 * booked appointment is booked for the same client with the same fee entries (the next session), as a new booking.
 */
export async function copyAppointment(
  ctx: AppContext,
  actor: Actor,
  input: { appointmentId: number; appointmentStart: Date },
): Promise<Appointment> {
  const scope = scopeOf(actor);
  const row = await withTransaction(ctx, async (tx) => {
    const source = await loadAppointment(tx.db, scope, input.appointmentId);
    await lockTherapistCalendar(tx.db, source.therapistId);
    const start = input.appointmentStart;
    const end = new Date(start.getTime() + (source.endsAt.getTime() - source.startsAt.getTime()));
    assertTimeRange(start, end);
    const isBooked = source.state !== 'available';
    const {
      id: _id,
      createdAt: _created,
      updatedAt: _updated,
      customerId: _customerId,
      billedAt: _billedAt,
      cancelTokenHash: _token,
      seriesId: _series,
      seriesInterval: _interval,
      seriesCount: _count,
      reminderSent: _reminded,
      ...kept
    } = source;
    const copy = await mapOverlap(() =>
      insertAppointment(tx.db, scope, {
        ...kept,
        state: isBooked ? 'taken' : 'available',
        startsAt: start,
        endsAt: end,
      }),
    );
    if (isBooked) {
      await copyFeesBetweenAppointments(tx.db, scope, source.id, copy.id);
      await auditAppointment(tx, actor, copy, 'create', { copiedFrom: source.id });
      return sendBookingConfirmation(tx, scope, copy);
    }
    return copy;
  });
  return readAppointment(ctx.db, scope, row);
}
