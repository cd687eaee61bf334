import { PATIENT_LINK_OPENS_MINUTES_BEFORE, type VideoRole, type VideoSession } from '@praxia/shared/video/protocol';
import type { Executor } from '../../db/client.js';
import { systemScope } from '../../lib/scope.js';
import { hashToken } from '../../lib/tokens.js';
import type { AppointmentRow } from '../calendar/index.js';
import { findAppointment } from '../calendar/index.js';
import { findPatientLink, findTherapistToken } from './video.repo.js';

// A video token is its holder's only credential; it may name an appointment of any practice.
const videoLink = systemScope('video link');

const MINUTE_MS = 60_000;

/** Why an appointment cannot be a video consultation (spec appointments §6), or null when it can. */
export function videoRefusal(row: AppointmentRow): 'needsClient' | 'onSite' | null {
  if (row.state === 'available' || row.clientId === null) return 'needsClient';
  if (row.location === 'onSite') return 'onSite';
  return null;
}

/** What a valid token opens: the appointment, as whom, and the token's hash (the therapist's first join marks it). */
export type VideoAccess = { role: VideoRole; appointment: AppointmentRow; tokenHash: Uint8Array };

/**
 * The appointment a token opens, or null for anything else — unknown, expired, or an appointment that was cancelled,
 * rebooked for someone else, moved on site or lost its therapist meanwhile (all answer alike). A therapist token opens
 * the page within its expiry; once joined it serves rejoining until the appointment ends, or while its call runs over.
 */
export async function resolveVideoToken(
  db: Executor,
  token: string,
  isInCall: (appointmentId: number) => Promise<boolean>,
  now: Date = new Date(),
): Promise<VideoAccess | null> {
  const tokenHash = hashToken(token);
  const therapistToken = await findTherapistToken(db, tokenHash);
  if (therapistToken) {
    const appointment = await findAppointment(db, videoLink, therapistToken.appointmentId);
    if (!appointment || videoRefusal(appointment) || appointment.therapistId !== therapistToken.therapistId)
      return null;
    const isUsable = therapistToken.joinedAt
      ? now <= appointment.endsAt || (await isInCall(appointment.id))
      : now < therapistToken.expiresAt;
    return isUsable ? { role: 'therapist', appointment, tokenHash } : null;
  }
  const link = await findPatientLink(db, tokenHash);
  if (!link) return null;
  const appointment = await findAppointment(db, videoLink, link.appointmentId);
  if (!appointment || videoRefusal(appointment) || appointment.clientId !== link.clientId) return null;
  return { role: 'patient', appointment, tokenHash };
}

/**
 * Whether the token's holder may join now. The patient's link opens PATIENT_LINK_OPENS_MINUTES_BEFORE the start and
 * closes at the end; the therapist may open the room early. A call that runs over its end (the patient was admitted
 * and someone is still connected) stays open to both, so a dropped connection can come back.
 */
export function videoStatus(access: VideoAccess, isInCall: boolean, now: Date = new Date()): VideoSession['status'] {
  const { appointment } = access;
  const opensAt = appointment.startsAt.getTime() - PATIENT_LINK_OPENS_MINUTES_BEFORE * MINUTE_MS;
  if (access.role === 'patient' && now.getTime() < opensAt) return 'tooEarly';
  if (now > appointment.endsAt && !isInCall) return 'ended';
  return 'open';
}
