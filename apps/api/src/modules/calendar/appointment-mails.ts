import { formatPracticeDateTime, type Language } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Scope } from '../../lib/scope.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import { findCustomer } from '../customers/index.js';
import { render, sendMail } from '../mail/index.js';
import { findUserById } from '../users/index.js';
import {
  type AppointmentFacts,
  bookingConfirmationText,
  cancellationNoticeText,
  onlineBookingNoticeText,
  patientCancellationConfirmationText,
  patientCancelledText,
  reminderText,
  videoLinkText,
} from './appointment-mail-texts.js';
import { isHeldForPatient } from './appointment-rules.js';
import { type AppointmentRow, updateAppointment } from './appointments.repo.js';
import { isOnsiteNotificationOn } from './calendar-settings.repo.js';

const DAY_MS = 86_400_000;

const timeOf = (instant: Date) => formatPracticeDateTime(instant).slice(11);
const initialsOf = (row: AppointmentRow) =>
  [row.clientFirstName, row.clientLastName]
    .map((name) => (name ? `${name.trim()[0] ?? ''}.` : ''))
    .join(' ')
    .trim();

async function factsOf(ctx: AppContext, row: AppointmentRow) {
  // One after the other: the mails of a booking are written inside its transaction.
  const therapist = await findUserById(ctx.db, row.therapistId);
  const practice = await findCustomer(ctx.db, row.customerId);
  const patient = row.clientId === null ? undefined : await findUserById(ctx.db, row.clientId);
  const address = practice
    ? [practice.street, [practice.postalCode, practice.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : null;
  const facts: AppointmentFacts = {
    start: row.startsAt,
    end: row.endsAt,
    startTime: timeOf(row.startsAt),
    endTime: timeOf(row.endsAt),
    isOnline: row.location === 'remote',
    therapistName: therapist
      ? [therapist.title, therapist.firstName, therapist.lastName].filter(Boolean).join(' ')
      : '',
    practice: { name: practice?.name ?? '', address: address || null },
    client: { salutation: row.clientSalutation, firstName: row.clientFirstName, lastName: row.clientLastName },
  };
  const language: Language = patient?.language ?? 'de';
  return { facts, language, therapist };
}

/** An online appointment with a booked patient gets a personal join link in its confirmation. */
export const isOnlineBooking = (row: AppointmentRow) => row.location === 'remote' && row.clientId !== null;

const wantsMail = (row: AppointmentRow) => row.sendEmails && Boolean(row.clientEmail);

/**
 * The booking confirmation with the one-time cancel link, queued in the caller's transaction (it leaves after
 * commit). The link's token has 256 random bits; only its hash is kept. A booking within a day of its start counts as
 * reminded: the confirmation just said it all. A guest's booking writes in the widget's language. An online
 * appointment's confirmation also carries the patient's personal video link (a new booking makes a new one).
 */
export async function sendBookingConfirmation(
  tx: AppContext,
  scope: Scope,
  row: AppointmentRow,
  bookingLanguage?: Language,
): Promise<AppointmentRow> {
  const isSoon = row.startsAt.getTime() - Date.now() <= DAY_MS;
  if (!wantsMail(row) || !row.clientEmail) {
    return isSoon ? updateAppointment(tx.db, scope, row.id, { reminderSent: true }) : row;
  }
  const token = createToken();
  const updated = await updateAppointment(tx.db, scope, row.id, {
    cancelTokenHash: hashToken(token),
    reminderSent: isSoon,
  });
  const { facts, language } = await factsOf(tx, updated);
  const url = `${tx.config.publicUrl}/appointment/cancel/${token}`;
  const videoUrl = isOnlineBooking(updated) ? await tx.videoLinks.issuePatientLink(tx, updated) : undefined;
  const text = bookingConfirmationText(bookingLanguage ?? language, facts, url, videoUrl);
  await sendMail(tx, render(row.clientEmail, text));
  return updated;
}

/**
 * The patient's video link: again, on the practice's request (a new link: the old one stopped working), or the first
 * one when the practice has named the patient of a held online booking.
 */
export async function sendVideoLink(
  tx: AppContext,
  row: AppointmentRow,
  videoUrl: string,
  isFirstLink = false,
): Promise<void> {
  if (!row.clientEmail) return;
  const { facts, language } = await factsOf(tx, row);
  await sendMail(tx, render(row.clientEmail, videoLinkText(language, facts, videoUrl, isFirstLink)));
}

/** The notice to the client when the practice rejects their appointment (e-mails on). */
export async function notifyPracticeCancellation(tx: AppContext, row: AppointmentRow): Promise<void> {
  if (!wantsMail(row) || !row.clientEmail) return;
  const { facts, language } = await factsOf(tx, row);
  await sendMail(tx, render(row.clientEmail, cancellationNoticeText(language, facts)));
}

/** The confirmation to the patient who cancelled through the link (e-mails on; read before the slot is freed). */
export async function confirmPatientCancellation(tx: AppContext, row: AppointmentRow): Promise<void> {
  if (!wantsMail(row) || !row.clientEmail) return;
  const { facts, language } = await factsOf(tx, row);
  await sendMail(tx, render(row.clientEmail, patientCancellationConfirmationText(language, facts)));
}

/** The reminder a day before (the reminder job). */
export async function sendReminder(tx: AppContext, row: AppointmentRow): Promise<void> {
  if (!wantsMail(row) || !row.clientEmail) return;
  const { facts, language } = await factsOf(tx, row);
  await sendMail(tx, render(row.clientEmail, reminderText(language, facts)));
}

/**
 * Tells the therapist that a patient cancelled through the link: always for online appointments, for on-site ones
 * when their on-site e-mail default is on (the types page's checkbox).
 */
export async function notifyTherapistOfPatientCancellation(tx: AppContext, row: AppointmentRow): Promise<void> {
  if (row.location !== 'remote' && !(await isOnsiteNotificationOn(tx.db, row.therapistId))) return;
  const { facts, therapist } = await factsOf(tx, row);
  if (!therapist) return;
  await sendMail(tx, render(therapist.email, patientCancelledText(therapist.language, facts, initialsOf(row))));
}

/**
 * Tells the therapist of a guest's booking from the widget (always: nobody in the practice saw it happen), and when
 * it is held because its e-mail is already a patient's, that it waits for them to assign it.
 */
export async function notifyTherapistOfOnlineBooking(tx: AppContext, row: AppointmentRow): Promise<void> {
  const { facts, therapist } = await factsOf(tx, row);
  if (!therapist) return;
  const text = onlineBookingNoticeText(therapist.language, facts, initialsOf(row), isHeldForPatient(row));
  await sendMail(tx, render(therapist.email, text));
}
