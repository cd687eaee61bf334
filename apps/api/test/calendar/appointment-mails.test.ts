import { addPracticeDays, atPracticeTime, toPracticeIsoDateTime } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { appointments, auditLog, mailOutbox } from '../../src/db/schema.js';
import { sendDueReminders } from '../../src/modules/calendar/appointment-reminders.js';
import {
  api,
  bookingInput,
  type CalendarPractice,
  calendarPractice,
  createSlot,
  freshDay,
} from '../calendar-fixtures.js';
import { linkIn, type SmtpCapture } from '../smtp-capture.js';
import { createTestApp, createTestAppWithMail, type TestApp } from '../test-app.js';

let t: TestApp & { smtp: SmtpCapture };
let team: CalendarPractice;

beforeAll(async () => {
  t = await createTestAppWithMail();
  team = await calendarPractice(t);
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;

/** Books a slot with e-mails on and returns it with the token from the confirmation's cancel link. */
async function bookWithLink(cookie: string, slot: Record<string, unknown>, booking: Record<string, unknown> = {}) {
  const created = await createSlot(t, cookie, slot);
  const input = bookingInput(booking);
  const booked = await api(t, cookie, 'PATCH', `/appointment/${created.id}/book`, input);
  expect(booked.statusCode, booked.body).toBe(200);
  const mail = await t.smtp.waitForMail(input.email);
  const token = linkIn(mail, '/appointment/cancel/').split('/appointment/cancel/')[1] ?? '';
  return { id: created.id, token, email: input.email, mail };
}

const publicCall = (method: 'GET' | 'PATCH', token: string) =>
  t.app.inject({ method, url: `/api/appointment/cancel/${encodeURIComponent(token)}` });

describe('the cancel link (public, works once)', () => {
  it('shows the appointment without names, cancels it once, frees the slot and tells the therapist', async () => {
    const day = freshDay();
    const { id, token } = await bookWithLink(team.therapist.cookie, {
      appointmentStart: `${day} 09:00`,
      appointmentEnd: `${day} 09:50`,
      location: 'onSite',
    });
    const info = await publicCall('GET', token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      appointmentStart: `${day}T09:00:00+01:00`,
      appointmentEnd: `${day}T09:50:00+01:00`,
      therapistName: 'Erika Muster',
      practiceName: expect.stringMatching(/^Praxis /),
      location: 'onSite',
    });
    const cancelled = await publicCall('PATCH', token);
    expect(cancelled.statusCode).toBe(204);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ state: 'available', clientId: null, clientEmail: null, cancelTokenHash: null });
    const notice = await t.smtp.waitForMail(team.therapist.email);
    expect(notice.subject).toMatch(/vom Patienten abgesagt$/);
    expect(notice.text).toMatch(/\(P\. P\.\)/);
    // Used: the same answer as a link that never existed.
    const again = await publicCall('PATCH', token);
    const unknown = await publicCall('PATCH', 'x'.repeat(43));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(unknown.json());
    expect((await publicCall('GET', token)).statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, String(id)));
    expect(audit.some((entry) => entry.actorUserId === null && entry.action === 'update')).toBe(true);
  });

  it('confirms the cancellation to the patient who cancelled, without a link to use again', async () => {
    const day = freshDay();
    const { token, email } = await bookWithLink(
      team.therapist.cookie,
      { appointmentStart: `${day} 15:00`, appointmentEnd: `${day} 15:50`, location: 'onSite' },
      { salutation: 'Frau', lastName: 'Weber' },
    );
    expect((await publicCall('PATCH', token)).statusCode).toBe(204);
    const mail = await t.smtp.waitForMail(email);
    const [year, month, date] = day.split('-');
    const when = `${date}.${month}.${year} 15:00`;
    expect(mail.subject).toBe(`Ihr Termin am ${when} Uhr ist abgesagt`);
    expect(mail.text).toContain('Guten Tag Frau Weber,');
    expect(mail.text).toContain(`Ihr Termin am ${when} Uhr bei Erika Muster ist wie gewünscht abgesagt.`);
    expect(mail.text).not.toContain('/appointment/cancel/');
  });

  it('tells the therapist of on-site cancellations only with the on-site e-mail default on; online ones always', async () => {
    await api(t, team.otherTherapist.cookie, 'PATCH', '/calendar-settings', {
      appointmentOnsiteNotificationDefault: false,
    });
    const day = freshDay();
    const onSite = await bookWithLink(
      team.otherTherapist.cookie,
      { appointmentStart: `${day} 09:00`, appointmentEnd: `${day} 09:50`, location: 'onSite' },
      { sendEmails: true },
    );
    const online = await bookWithLink(team.otherTherapist.cookie, {
      appointmentStart: `${day} 11:00`,
      appointmentEnd: `${day} 11:50`,
      location: 'remote',
    });
    expect(online.mail.text).toContain('Ort: Online');
    expect((await publicCall('PATCH', onSite.token)).statusCode).toBe(204);
    expect((await publicCall('PATCH', online.token)).statusCode).toBe(204);
    const notice = await t.smtp.waitForMail(team.otherTherapist.email);
    expect(notice.text).toContain('11:00');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.mails.filter((mail) => mail.to.includes(team.otherTherapist.email))).toHaveLength(0);
  });

  it('expires when the appointment has begun', async () => {
    const day = freshDay();
    const { id, token } = await bookWithLink(team.therapist.cookie, {
      appointmentStart: `${day} 13:00`,
      appointmentEnd: `${day} 13:50`,
    });
    await t.database.db
      .update(appointments)
      .set({ startsAt: new Date(Date.now() - HOUR_MS), endsAt: new Date(Date.now() - HOUR_MS / 2) })
      .where(eq(appointments.id, id));
    expect((await publicCall('PATCH', token)).statusCode).toBe(404);
  });

  it('is rate limited per network', async () => {
    const strict = await createTestApp({ rateLimitScale: 1 });
    try {
      const answers = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        answers.push(
          (await strict.app.inject({ method: 'PATCH', url: `/api/appointment/cancel/guess-${attempt}` })).statusCode,
        );
      }
      expect(answers.slice(0, 10).every((status) => status === 404)).toBe(true);
      expect(answers[10]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('the practice ends a booking', () => {
  it('deleting it leaves the patient uninformed; rejecting it tells them', async () => {
    const day = freshDay();
    const slot = { appointmentStart: `${day} 13:00`, appointmentEnd: `${day} 13:50` };
    const deleted = await bookWithLink(team.therapist.cookie, slot);
    expect((await api(t, team.therapist.cookie, 'DELETE', `/appointment/${deleted.id}`)).statusCode).toBe(204);
    const rejected = await bookWithLink(team.therapist.cookie, slot);
    expect((await api(t, team.therapist.cookie, 'PATCH', `/appointment/${rejected.id}/cancel`)).statusCode).toBe(200);
    expect((await t.smtp.waitForMail(rejected.email)).subject).toMatch(/wurde abgesagt$/);
    // Both were queued in their request's transaction: by now the rejection's notice is out, and a deletion's would be.
    const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, deleted.email));
    expect(queued).toHaveLength(1);
    expect(t.smtp.mails.filter((mail) => mail.to.includes(deleted.email))).toHaveLength(0);
  });
});

describe('the reminder a day before', () => {
  it('is sent once, 24 hours ahead, from the persisted state (also by the next process after a restart)', async () => {
    const start = atPracticeTime(addPracticeDays(new Date(), 3), 10);
    const end = new Date(start.getTime() + HOUR_MS);
    const { id, email } = await bookWithLink(team.treatingOwner.cookie, {
      appointmentStart: toPracticeIsoDateTime(start),
      appointmentEnd: toPracticeIsoDateTime(end),
      location: 'remote',
    });
    // Two days ahead nothing is due.
    expect(await sendDueReminders(t.app.ctx, new Date(start.getTime() - 48 * HOUR_MS))).toBe(0);
    const dueAt = new Date(start.getTime() - 23 * HOUR_MS);
    // A process started after a restart finds the due reminder in the database.
    const restarted = await buildApp({ config: t.app.ctx.config, database: t.database, serveWeb: false });
    try {
      expect(await sendDueReminders(restarted.ctx, dueAt)).toBeGreaterThanOrEqual(1);
    } finally {
      await restarted.close();
    }
    expect(await sendDueReminders(t.app.ctx, dueAt)).toBe(0);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.reminderSent).toBe(true);
    const reminder = await t.smtp.waitForMail(email);
    expect(reminder.subject).toMatch(/^Erinnerung: Ihr Termin am \d{2}\.\d{2}\.\d{4} 10:00 Uhr$/);
    expect(reminder.text).toContain('Ort: Online');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(0);
  });

  it('is not sent for a booking made within a day of its start (the confirmation said it all)', async () => {
    const start = new Date(Math.ceil((Date.now() + 3 * HOUR_MS) / HOUR_MS) * HOUR_MS);
    const end = new Date(start.getTime() + 15 * 60_000);
    const slot = await createSlot(t, team.drs.cookie, {
      appointmentStart: toPracticeIsoDateTime(start),
      appointmentEnd: toPracticeIsoDateTime(end),
      location: 'remote',
    });
    const input = bookingInput();
    const booked = await api(t, team.drs.cookie, 'PATCH', `/appointment/${slot.id}/book`, input);
    expect(booked.json().reminderSent).toBe(true);
    await t.smtp.waitForMail(input.email);
    // Other test files' appointments may be due (PostgreSQL shares one database): only this patient's mail counts.
    await sendDueReminders(t.app.ctx);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.mails.filter((mail) => mail.to.includes(input.email))).toHaveLength(0);
  });
});
