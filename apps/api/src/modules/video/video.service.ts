import { ErrorCode, toPracticeIsoDateTime, ValidationKey as V } from '@praxia/shared';
import {
  THERAPIST_VIDEO_TOKEN_MINUTES,
  type TherapistMeeting,
  VIDEO_PAGE_PREFIX,
  type VideoSession,
} from '@praxia/shared/video/protocol';
import type { AppContext } from '../../context.js';
import { withTransaction } from '../../db/unit-of-work.js';
import { scopeOf } from '../../lib/scope.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound, validationFailed } from '../../plugins/errors.js';
import type { AppointmentRow } from '../calendar/index.js';
import {
  auditAppointment,
  findOwnAppointment,
  isVideoRoomOpen,
  loadAppointment,
  sendVideoLink,
} from '../calendar/index.js';
import { findCustomer } from '../customers/index.js';
import { findUserById } from '../users/index.js';
import { iceServersFor } from './ice-servers.js';
import { issuePatientLink } from './patient-link.js';
import { insertTherapistToken } from './video.repo.js';
import { resolveVideoToken, videoRefusal, videoStatus } from './video-access.js';

const MINUTE_MS = 60_000;

/** Spec appointments §6: a linked client and a place that is not on site; else 403 with the reason's code. */
function assertVideoPossible(row: AppointmentRow): void {
  const refusal = videoRefusal(row);
  if (refusal === 'needsClient') {
    throw new AppError(ErrorCode.videoNeedsClient, {
      status: 403,
      detail: 'Für diesen Termin ist keine Videosprechstunde möglich.',
    });
  }
  if (refusal === 'onSite') {
    throw new AppError(ErrorCode.videoOnSite, {
      status: 403,
      detail: 'Für diesen Termin ist keine Videosprechstunde möglich.',
    });
  }
}

/**
 * GET /appointment/{id}/meeting/therapist: a token that opens the video page within THERAPIST_VIDEO_TOKEN_MINUTES.
 * Only the appointment's own therapist gets one — the patient was invited to meet them (a colleague's or another
 * practice's appointment answers 404 as usual; a therapist who also assists sees others' calendars and gets 403).
 */
export async function getTherapistMeeting(ctx: AppContext, actor: Actor, id: number): Promise<TherapistMeeting> {
  const row = await loadAppointment(ctx.db, scopeOf(actor), id);
  if (row.therapistId !== actor.userId) {
    throw new AppError(ErrorCode.videoOwnAppointmentsOnly, {
      status: 403,
      detail: 'Nur die Therapeutin oder der Therapeut des Termins.',
    });
  }
  assertVideoPossible(row);
  const token = createToken();
  const expiresAt = new Date(Date.now() + THERAPIST_VIDEO_TOKEN_MINUTES * MINUTE_MS);
  await insertTherapistToken(ctx.db, {
    tokenHash: hashToken(token),
    appointmentId: row.id,
    therapistId: actor.userId,
    expiresAt,
  });
  return { token, url: `${VIDEO_PAGE_PREFIX}${token}`, expiresAt: toPracticeIsoDateTime(expiresAt) };
}

/**
 * POST /appointment/{id}/meeting/patient-link: a fresh personal link mailed to the patient (only hashes are kept, so
 * the old one cannot be sent again; it stops working). Staff ask for it explicitly, so it leaves whatever the
 * appointment's e-mail setting.
 */
export async function resendPatientLink(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const row = await loadAppointment(tx.db, scopeOf(actor), id, true);
    assertVideoPossible(row);
    if (!row.clientEmail) throw validationFailed('email', V.required);
    const url = await issuePatientLink(tx, row);
    await sendVideoLink(tx, row, url);
    await auditAppointment(tx, actor, row, 'share', { videoLinkSent: true });
  });
}

/**
 * POST /patient/appointments/{id}/video-link: the signed-in patient's way into the room of their own online
 * appointment while it is open (from 30 minutes before until the end). A fresh personal link, like the one mailed on
 * the practice's request: the earlier one stops working, since only hashes are kept. Anything else answers 404.
 */
export async function issueOwnVideoLink(ctx: AppContext, actor: Actor, id: number): Promise<{ url: string }> {
  return withTransaction(ctx, async (tx) => {
    const row = await findOwnAppointment(tx.db, scopeOf(actor), id, true);
    if (!row || videoRefusal(row) || !isVideoRoomOpen(row, new Date())) throw notFound('Appointment not found');
    const url = await issuePatientLink(tx, row);
    await auditAppointment(tx, actor, row, 'share', { videoLinkIssued: true });
    return { url };
  });
}

const unknownToken = () => notFound('Video link not found');

/** POST /video/session: what the page shows before joining; 404 for anything the token does not open. */
export async function getVideoSession(ctx: AppContext, token: string): Promise<VideoSession> {
  const now = new Date();
  const access = await resolveVideoToken(ctx.db, token, (id) => ctx.videoRooms.isInCall(id), now);
  if (!access) throw unknownToken();
  const { appointment, role } = access;
  const [therapist, practice] = await Promise.all([
    findUserById(ctx.db, appointment.therapistId),
    findCustomer(ctx.db, appointment.customerId),
  ]);
  const patientName = [appointment.clientFirstName, appointment.clientLastName].filter(Boolean).join(' ');
  return {
    role,
    status: videoStatus(access, await ctx.videoRooms.isInCall(appointment.id), now),
    appointment: {
      id: appointment.id,
      appointmentStart: toPracticeIsoDateTime(appointment.startsAt),
      appointmentEnd: toPracticeIsoDateTime(appointment.endsAt),
      therapistName: therapist
        ? [therapist.title, therapist.firstName, therapist.lastName].filter(Boolean).join(' ')
        : '',
      practiceName: practice?.name ?? '',
      patientName: role === 'therapist' ? patientName : null,
    },
    iceServers: iceServersFor(ctx.config, appointment.endsAt, now),
  };
}
