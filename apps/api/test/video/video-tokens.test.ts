import { createHash } from 'node:crypto';
import { ErrorCode, Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoPatientLinks, videoTherapistTokens } from '../../src/db/schema.js';
import { turnCredential } from '../../src/modules/video/ice-servers.js';
import { api, type CalendarPractice, calendarPractice, createSlot, freshDay } from '../calendar-fixtures.js';
import { linkIn, startSmtpCapture } from '../smtp-capture.js';
import { call, createTestApp, createUser, signIn } from '../test-app.js';
import {
  bookVideoAppointment,
  moveAppointment,
  newTherapist,
  therapistToken,
  type VideoTestApp,
  videoSession,
  videoTokenIn,
} from '../video-fixtures.js';
import { addSlot, addType, asGuest, guestBooking, weekAhead, widgetCalendar } from '../widget-fixtures.js';

let t: VideoTestApp;
let team: CalendarPractice;
const TURN = { secret: 'a-long-shared-secret', urls: ['turn:turn.example.org:3478'] };

beforeAll(async () => {
  const smtp = await startSmtpCapture();
  const app = await createTestApp({
    smtpUrl: smtp.url,
    config: { iceServers: [{ urls: 'stun:stun.example.org:3478' }], turn: TURN },
  });
  const close = async () => {
    await app.close();
    await smtp.close();
  };
  t = { ...app, smtp, close };
  team = await calendarPractice(t);
});
afterAll(() => t.close());

const meeting = (cookie: string, id: number) => api(t, cookie, 'GET', `/appointment/${id}/meeting/therapist`);
const resend = (cookie: string, id: number) => api(t, cookie, 'POST', `/appointment/${id}/meeting/patient-link`, {});
const sha256 = (token: string) => new Uint8Array(createHash('sha256').update(token).digest());

describe('GET /appointment/{id}/meeting/therapist', () => {
  it("gives the appointment's therapist a short-lived token (stored hashed) that opens the video page", async () => {
    const therapist = await newTherapist(t, team.id);
    const { id } = await bookVideoAppointment(t, therapist);
    await moveAppointment(t, id, 5, 55);
    const before = Date.now();
    const response = await meeting(therapist.cookie, id);
    expect(response.statusCode).toBe(200);
    const { token, url, expiresAt } = response.json() as { token: string; url: string; expiresAt: string };
    // 256 random bits, URL-safe.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`/video/${token}`);
    const lifetime = new Date(expiresAt).getTime() - before;
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 1000);
    const rows = await t.database.db
      .select()
      .from(videoTherapistTokens)
      .where(eq(videoTherapistTokens.appointmentId, id));
    expect(rows.map((row) => Buffer.from(row.tokenHash).toString('hex'))).toEqual([
      Buffer.from(sha256(token)).toString('hex'),
    ]);

    const session = await videoSession(t, token);
    expect(session.statusCode).toBe(200);
    const body = session.json();
    expect(body).toMatchObject({
      role: 'therapist',
      status: 'open',
      appointment: { id, therapistName: 'Erika Muster', patientName: expect.stringMatching(/^Paula Probe-/) },
    });
    // The configured STUN server, then TURN with credentials by coturn's use-auth-secret scheme.
    const [stun, turn] = body.iceServers;
    expect(stun).toEqual({ urls: 'stun:stun.example.org:3478' });
    expect(turn.urls).toEqual(TURN.urls);
    expect(turn.credential).toBe(turnCredential(TURN.secret, turn.username));
    const expiry = Number(turn.username.split(':')[0]);
    expect(expiry * 1000).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect(expiry * 1000).toBeLessThan(Date.now() + 125 * 60_000);
  });

  it('refuses assistants, patients and owners (403), and answers 404 for a colleague’s or another practice’s appointment', async () => {
    const therapist = await newTherapist(t, team.id);
    const { id } = await bookVideoAppointment(t, therapist);
    for (const member of [team.assistant, team.patientAccount, team.owner]) {
      expect((await meeting(member.cookie, id)).statusCode).toBe(403);
    }
    const colleague = await meeting(team.otherTherapist.cookie, id);
    const foreign = await calendarPractice(t);
    const stranger = await meeting(foreign.therapist.cookie, id);
    const missing = await meeting(therapist.cookie, 2_147_483_000);
    expect([colleague.statusCode, stranger.statusCode, missing.statusCode]).toEqual([404, 404, 404]);
    expect(stranger.json()).toEqual(missing.json());
    // A therapist who also assists sees the colleague's calendar, but meets only their own patients.
    const assisting = await createUserMember(Role.THERAPIST | Role.SECRETARY);
    const refused = await meeting(assisting.cookie, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.videoOwnAppointmentsOnly });
  });

  it('needs a linked client and a place that is not on site (403 with the reason)', async () => {
    const therapist = await newTherapist(t, team.id);
    const day = freshDay();
    const free = await createSlot(t, therapist.cookie, {
      appointmentStart: `${day} 09:00`,
      appointmentEnd: `${day} 09:50`,
      location: 'remote',
    });
    const freeAnswer = await meeting(therapist.cookie, free.id);
    expect(freeAnswer.statusCode).toBe(403);
    expect(freeAnswer.json()).toMatchObject({
      code: ErrorCode.videoNeedsClient,
      detail: 'Für diesen Termin ist keine Videosprechstunde möglich.',
    });
    const onSite = await bookVideoAppointment(t, therapist, 'onSite');
    const onSiteAnswer = await meeting(therapist.cookie, onSite.id);
    expect(onSiteAnswer.statusCode).toBe(403);
    expect(onSiteAnswer.json()).toMatchObject({ code: ErrorCode.videoOnSite });
    // An on-site confirmation carries no video link.
    expect(onSite.mail.text).not.toContain('/video/');
  });

  it('expires unused after 10 minutes (the same 404 as an unknown token)', async () => {
    const therapist = await newTherapist(t, team.id);
    const { id } = await bookVideoAppointment(t, therapist);
    await moveAppointment(t, id, 5, 55);
    const token = await therapistToken(t, therapist, id);
    await t.database.db
      .update(videoTherapistTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(videoTherapistTokens.tokenHash, sha256(token)));
    const expired = await videoSession(t, token);
    const unknown = await videoSession(t, 'x'.repeat(43));
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(unknown.json());
    // Once its page joined, the token serves rejoining (a reload) until the appointment ends.
    await t.database.db
      .update(videoTherapistTokens)
      .set({ joinedAt: new Date() })
      .where(eq(videoTherapistTokens.tokenHash, sha256(token)));
    expect((await videoSession(t, token)).json()).toMatchObject({ role: 'therapist', status: 'open' });
  });
});

describe("the patient's join link", () => {
  it('comes with the confirmation of an online booking, opens 30 minutes before the start and closes at the end', async () => {
    const therapist = await newTherapist(t, team.id);
    const { id, mail, patientToken } = await bookVideoAppointment(t, therapist);
    expect(mail.text).toContain('Der Termin findet als Videosprechstunde statt.');
    expect(linkIn(mail, '/video/')).toBe(`http://praxia.test/video/${patientToken}`);
    expect(patientToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [link] = await t.database.db.select().from(videoPatientLinks).where(eq(videoPatientLinks.appointmentId, id));
    expect(Buffer.from(link?.tokenHash ?? []).equals(Buffer.from(sha256(patientToken)))).toBe(true);

    await moveAppointment(t, id, 31, 81);
    const early = (await videoSession(t, patientToken)).json();
    expect(early).toMatchObject({ role: 'patient', status: 'tooEarly', appointment: { id, patientName: null } });
    await moveAppointment(t, id, 29, 79);
    expect((await videoSession(t, patientToken)).json()).toMatchObject({ status: 'open' });
    await moveAppointment(t, id, -60, -1);
    expect((await videoSession(t, patientToken)).json()).toMatchObject({ status: 'ended' });
  });

  it('is in the English confirmation of a guest who booked online through the widget', async () => {
    const calendar = await widgetCalendar(t);
    const type = await addType(t, calendar, { location: 'remote' });
    const slot = await addSlot(t, calendar, weekAhead(2).at(1, 10));
    const body = guestBooking(calendar, type.id, { language: 'en' });
    const response = await asGuest(t, 'PATCH', `/api/appointment/${slot.id}/book`, body);
    expect(response.statusCode, response.body).toBe(200);
    const mail = await t.smtp.waitForMail(body.email);
    expect(mail.text).toContain('The appointment takes place as a video consultation.');
    expect(mail.text).toContain('Join the video consultation: http://praxia.test/video/');
    const session = await videoSession(t, videoTokenIn(mail));
    expect(session.json()).toMatchObject({ role: 'patient', status: 'tooEarly' });
  });

  it('stops working when the appointment is rejected, cancelled through its link or deleted', async () => {
    const therapist = await newTherapist(t, team.id);
    const rejected = await bookVideoAppointment(t, therapist);
    expect((await api(t, therapist.cookie, 'PATCH', `/appointment/${rejected.id}/cancel`)).statusCode).toBe(200);
    expect((await videoSession(t, rejected.patientToken)).statusCode).toBe(404);

    const cancelled = await bookVideoAppointment(t, therapist);
    const cancelToken = linkIn(cancelled.mail, '/appointment/cancel/').split('/appointment/cancel/')[1];
    const byPatient = await call(t.app, undefined, { method: 'PATCH', url: `/api/appointment/cancel/${cancelToken}` });
    expect(byPatient.statusCode).toBe(204);
    expect((await videoSession(t, cancelled.patientToken)).statusCode).toBe(404);

    const deleted = await bookVideoAppointment(t, therapist);
    expect((await api(t, therapist.cookie, 'DELETE', `/appointment/${deleted.id}`)).statusCode).toBe(204);
    expect((await videoSession(t, deleted.patientToken)).statusCode).toBe(404);
  });

  it('is sent again on request as a new link; the old one stops working', async () => {
    const therapist = await newTherapist(t, team.id);
    const { id, email, patientToken } = await bookVideoAppointment(t, therapist);
    // Assistants book and edit for the therapist: they may resend it too.
    const response = await resend(team.assistant.cookie, id);
    expect(response.statusCode, response.body).toBe(204);
    const mail = await t.smtp.waitForMail(email);
    expect(mail.subject).toMatch(/^Ihre Videosprechstunde am \d\d\.\d\d\.\d{4} 09:00 Uhr$/);
    expect(mail.text).toContain('Ein früher erhaltener Link funktioniert nicht mehr.');
    const fresh = videoTokenIn(mail);
    expect(fresh).not.toBe(patientToken);
    expect((await videoSession(t, patientToken)).statusCode).toBe(404);
    expect((await videoSession(t, fresh)).json()).toMatchObject({ role: 'patient', appointment: { id } });

    expect((await resend(team.patientAccount.cookie, id)).statusCode).toBe(403);
    expect((await resend(team.otherTherapist.cookie, id)).statusCode).toBe(404);
    const onSite = await bookVideoAppointment(t, therapist, 'onSite');
    expect((await resend(therapist.cookie, onSite.id)).json()).toMatchObject({ code: ErrorCode.videoOnSite });
  });
});

describe('POST /video/session', () => {
  it('answers 404 for unknown and malformed tokens, 422 without one', async () => {
    expect((await videoSession(t, 'x'.repeat(43))).statusCode).toBe(404);
    expect((await videoSession(t, '../../etc')).statusCode).toBe(404);
    const missing = await call(t.app, undefined, { method: 'POST', url: '/api/video/session', payload: {} });
    expect(missing.statusCode).toBe(422);
  });
});

async function createUserMember(roles: number) {
  const user = await createUser(t.database, { roles, practiceId: team.id });
  return { ...user, cookie: await signIn(t.app, user.email) };
}
