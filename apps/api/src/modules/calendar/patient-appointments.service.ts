import { type OwnAppointment, toPracticeIsoDateTime } from '@praxia/shared';
import { PATIENT_LINK_OPENS_MINUTES_BEFORE } from '@praxia/shared/video/protocol';
import type { AppContext } from '../../context.js';
import { scopeOf, scopePractice } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { recordAudit } from '../audit/index.js';
import { listOwnUpcomingAppointments } from './patient-appointments.repo.js';

const MINUTE_MS = 60_000;

type Row = Awaited<ReturnType<typeof listOwnUpcomingAppointments>>[number];

/** Whether the patient's video room is open: from PATIENT_LINK_OPENS_MINUTES_BEFORE the start until the end. */
export function isVideoRoomOpen(row: Row['appointment'], now: Date): boolean {
  const opensAt = row.startsAt.getTime() - PATIENT_LINK_OPENS_MINUTES_BEFORE * MINUTE_MS;
  return row.location === 'remote' && row.state !== 'available' && now.getTime() >= opensAt && now < row.endsAt;
}

function toPatientAppointment({ appointment, typeName, therapist }: Row, now: Date): OwnAppointment {
  return {
    id: appointment.id,
    appointmentStart: toPracticeIsoDateTime(appointment.startsAt),
    appointmentEnd: toPracticeIsoDateTime(appointment.endsAt),
    therapistName: [therapist.title, therapist.firstName, therapist.lastName].filter(Boolean).join(' '),
    typeName,
    location: appointment.location,
    // The same rule as the cancel link of the confirmation: booked, and not yet begun.
    mayCancel: appointment.state === 'taken' && appointment.startsAt > now,
    isVideoOpen: isVideoRoomOpen(appointment, now),
  };
}

/** GET /patient/appointments: the signed-in patient's own appointments that have not ended, soonest first. */
export async function getOwnAppointments(ctx: AppContext, actor: Actor): Promise<{ list: OwnAppointment[] }> {
  const scope = scopeOf(actor);
  const now = new Date();
  const rows = await listOwnUpcomingAppointments(ctx.db, scope, now);
  const practiceId = scopePractice(scope);
  if (practiceId !== null) {
    await recordAudit(ctx.db, {
      actor,
      customerId: practiceId,
      patientId: actor.userId,
      action: 'read',
      resource: 'appointment',
      detail: { list: true, own: true },
    });
  }
  return { list: rows.map((row) => toPatientAppointment(row, now)) };
}
