import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { appointments } from '../src/db/schema.js';
import { ensureDefaultAppointmentType } from '../src/modules/appointment-types/appointment-types.service.js';
import { api, bookingInput, createSlot, freshDay } from './calendar-fixtures.js';
import type { Member } from './patient-fixtures.js';
import { linkIn, type SmtpCapture } from './smtp-capture.js';
import { call, createUser, signIn, type TestApp } from './test-app.js';

export type VideoTestApp = TestApp & { smtp: SmtpCapture };

const MINUTE_MS = 60_000;

/**
 * A therapist of its own in the practice: every scenario moves its appointment to times around now, and one
 * therapist's appointments may not overlap.
 */
export async function newTherapist(t: TestApp, practiceId: number): Promise<Member> {
  const user = await createUser(t.database, { roles: Role.THERAPIST, practiceId });
  await ensureDefaultAppointmentType(t.database.db, practiceId, user.id);
  return { ...user, cookie: await signIn(t.app, user.email) };
}

/** The token of the first /video/ link in a mail. */
export const videoTokenIn = (mail: Parameters<typeof linkIn>[0]) => linkIn(mail, '/video/').split('/video/')[1] ?? '';

/**
 * Books an appointment of the therapist through the API (staff booking, e-mails on) and returns it with the patient's
 * video token from the confirmation (empty for an on-site one).
 */
export async function bookVideoAppointment(
  t: VideoTestApp,
  therapist: Member,
  location: 'remote' | 'onSite' = 'remote',
) {
  const day = freshDay();
  const slot = await createSlot(t, therapist.cookie, {
    appointmentStart: `${day} 09:00`,
    appointmentEnd: `${day} 09:50`,
    location,
  });
  const input = bookingInput();
  const booked = await api(t, therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, input);
  if (booked.statusCode !== 200) throw new Error(`book ${booked.statusCode}: ${booked.body}`);
  const mail = await t.smtp.waitForMail(input.email);
  const patientToken = location === 'remote' ? videoTokenIn(mail) : '';
  return { id: slot.id, email: input.email, mail, patientToken };
}

/** Moves an appointment to minutes relative to now (the calendar API only takes whole practice days). */
export async function moveAppointment(t: TestApp, id: number, startMinutes: number, endMinutes: number) {
  const now = Date.now();
  await t.database.db
    .update(appointments)
    .set({ startsAt: new Date(now + startMinutes * MINUTE_MS), endsAt: new Date(now + endMinutes * MINUTE_MS) })
    .where(eq(appointments.id, id));
}

export async function therapistToken(t: TestApp, therapist: Member, appointmentId: number): Promise<string> {
  const response = await api(t, therapist.cookie, 'GET', `/appointment/${appointmentId}/meeting/therapist`);
  if (response.statusCode !== 200) throw new Error(`meeting ${response.statusCode}: ${response.body}`);
  return (response.json() as { token: string }).token;
}

export const videoSession = (t: TestApp, token: string) =>
  call(t.app, undefined, { method: 'POST', url: '/api/video/session', payload: { token } });
