import { addPracticeDays, toPracticeIsoDate, WAITING_LIST_DAYS } from '@praxia/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, waitingListEntries } from '../../src/db/schema.js';
import { OFFER_CAP, removeExpiredWaitingEntries } from '../../src/modules/booking/waiting-list.service.js';
import { linkIn, type SmtpCapture } from '../smtp-capture.js';
import { call, createTestApp, createTestAppWithMail, signIn, type TestApp, uniqueEmail } from '../test-app.js';
import {
  addSlot,
  addType,
  asGuest,
  guestBooking,
  hoursFromNow,
  type WidgetCalendarFixture,
  weekAhead,
  widgetCalendar,
} from '../widget-fixtures.js';

let t: TestApp & { smtp: SmtpCapture };
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const joinBody = (calendar: WidgetCalendarFixture, overrides: Record<string, unknown> = {}) => ({
  therapistId: calendar.therapistId,
  customerId: calendar.customerId,
  firstName: 'Wanda',
  lastName: 'Warte',
  email: uniqueEmail('warte'),
  consent: true,
  ...overrides,
});

const join = (body: object) => asGuest(t, 'POST', '/api/appointment/waiting-list', body);
const removeBy = (link: string) => asGuest(t, 'DELETE', `/api/appointment/waiting-list/${link.split('/').pop()}`);

async function joined(calendar: WidgetCalendarFixture, overrides: Record<string, unknown> = {}) {
  const body = joinBody(calendar, overrides);
  const response = await join(body);
  if (response.statusCode !== 201) throw new Error(`join ${response.statusCode}: ${response.body}`);
  return body;
}

/** The mails queued for these addresses (the outbox is the record of what was sent, also for absent mails). */
const queuedFor = (emails: string[]) =>
  t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, emails));

/** A guest's booking through the API, returning the cancel link of its confirmation. */
async function bookedByGuest(calendar: WidgetCalendarFixture, typeId: number, slotId: number) {
  const body = guestBooking(calendar, typeId);
  const response = await asGuest(t, 'PATCH', `/api/appointment/${slotId}/book`, body);
  if (response.statusCode !== 200) throw new Error(`book ${response.statusCode}: ${response.body}`);
  return linkIn(await t.smtp.waitForMail(body.email), '/appointment/cancel/');
}

describe('POST /appointment/waiting-list and DELETE /appointment/waiting-list/{token}', () => {
  it('keeps the entry, confirms with a removal link that removes it once', async () => {
    const calendar = await widgetCalendar(t);
    const type = await addType(t, calendar);
    const body = joinBody(calendar, { insuranceType: 'privately', appointmentTypeId: type.id, language: 'en' });
    const response = await join(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({});
    const [entry] = await t.database.db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.email, body.email));
    expect(entry).toMatchObject({
      therapistId: calendar.therapistId,
      customerId: calendar.customerId,
      firstName: 'Wanda',
      lastName: 'Warte',
      insuranceType: 'privately',
      appointmentTypeId: type.id,
      language: 'en',
    });
    const mail = await t.smtp.waitForMail(body.email);
    expect(mail.subject).toBe('You are on the waiting list of Erika Muster');
    const link = linkIn(mail, '/appointment/waiting-list/');
    expect(link).toMatch(/^http:\/\/praxia\.test\/appointment\/waiting-list\/[A-Za-z0-9_-]{43}$/);
    expect((await removeBy(link)).statusCode).toBe(204);
    expect(
      await t.database.db
        .select()
        .from(waitingListEntries)
        .where(eq(waitingListEntries.id, entry?.id ?? 0)),
    ).toEqual([]);
    expect((await removeBy(link)).statusCode).toBe(404);
    expect((await removeBy('http://praxia.test/appointment/waiting-list/unbekannt')).statusCode).toBe(404);
  });

  it('keeps one entry per address and calendar: joining again replaces the earlier one', async () => {
    const calendar = await widgetCalendar(t);
    const first = await joined(calendar, { insuranceType: 'legally' });
    await joined(calendar, { email: first.email.toUpperCase(), insuranceType: 'privately' });
    const entries = await t.database.db
      .select({ insuranceType: waitingListEntries.insuranceType })
      .from(waitingListEntries)
      .where(eq(waitingListEntries.therapistId, calendar.therapistId));
    expect(entries).toEqual([{ insuranceType: 'privately' }]);
  });

  it('refuses missing consent, names, bad e-mail and unknown fields (422) and closed or unknown calendars (404)', async () => {
    const calendar = await widgetCalendar(t);
    const other = await widgetCalendar(t);
    const foreignType = await addType(t, other);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ consent: false }, 'consent', 'error.required'],
      [{ consent: undefined }, 'consent', 'error.required'],
      [{ firstName: '' }, 'firstName', 'error.required'],
      [{ lastName: undefined }, 'lastName', 'error.required'],
      [{ email: 'keine-adresse' }, 'email', 'error.invalidEmail'],
      [{ appointmentTypeId: foreignType.id }, 'appointmentTypeId', 'error.invalidValue'],
    ];
    for (const [override, field, key] of cases) {
      const response = await join(joinBody(calendar, override));
      expect(response.statusCode, field).toBe(422);
      expect(response.json().validationMessages[field], field).toEqual([key]);
    }
    expect((await join(joinBody(calendar, { customerId: other.customerId }))).statusCode).toBe(404);
    const shut = await widgetCalendar(t, { status: 'canceled' });
    expect((await join(joinBody(shut))).statusCode).toBe(404);
  });
});

describe('offers of freed slots', () => {
  it('offers a slot the practice rejects to the fitting entries, oldest first, with the widget and removal links', async () => {
    const calendar = await widgetCalendar(t);
    const legal = await addType(t, calendar, { insuranceType: 'legally' });
    const other = await addType(t, calendar);
    const slot = await addSlot(t, calendar, weekAhead(2).at(2, 11), { appointmentTypeId: legal.id });
    await bookedByGuest(calendar, legal.id, slot.id);
    const anyone = await joined(calendar);
    const legally = await joined(calendar, { insuranceType: 'legally', language: 'en' });
    const privately = await joined(calendar, { insuranceType: 'privately' });
    const otherType = await joined(calendar, { appointmentTypeId: other.id });
    for (const entry of [anyone, legally, privately, otherType]) await t.smtp.waitForMail(entry.email);

    const cookie = await signIn(t.app, calendar.therapist.email);
    const rejected = await call(t.app, cookie, { method: 'PATCH', url: `/api/appointment/${slot.id}/cancel` });
    expect(rejected.statusCode).toBe(200);

    const offer = await t.smtp.waitForMail(anyone.email);
    expect(offer.subject).toMatch(/^Ein Termin am \d{2}\.\d{2}\.\d{4} ist frei geworden$/);
    expect(offer.text).toContain('11:00 – 11:50 Uhr');
    expect(linkIn(offer, '/appointment/widget/')).toBe(
      `http://praxia.test/appointment/widget/${calendar.therapistId}/${calendar.customerId}` +
        `?slot=${slot.id}&date=${toPracticeIsoDate(slot.startsAt)}`,
    );
    const removal = linkIn(offer, '/appointment/waiting-list/');
    const english = await t.smtp.waitForMail(legally.email);
    expect(english.subject).toMatch(/^An appointment has become free on /);
    // The entries the slot does not fit got their confirmation only (the offers were queued with the reject).
    expect(await queuedFor([privately.email, otherType.email])).toHaveLength(2);
    // The offer's own removal link works like the confirmation's.
    expect((await removeBy(removal)).statusCode).toBe(204);
  });

  it('offers a slot the patient cancels through the link; the first to book wins and leaves the list', async () => {
    const calendar = await widgetCalendar(t);
    const type = await addType(t, calendar);
    const slot = await addSlot(t, calendar, weekAhead(2).at(3, 9));
    const cancelLink = await bookedByGuest(calendar, type.id, slot.id);
    const first = await joined(calendar);
    const second = await joined(calendar);
    await t.smtp.waitForMail(first.email);
    await t.smtp.waitForMail(second.email);

    const cancelled = await asGuest(t, 'PATCH', `/api/appointment/cancel/${cancelLink.split('/').pop()}`);
    expect(cancelled.statusCode).toBe(204);
    const offer = await t.smtp.waitForMail(second.email);
    expect(linkIn(offer, '/appointment/widget/')).toContain(`?slot=${slot.id}`);
    await t.smtp.waitForMail(first.email);

    const win = await asGuest(t, 'PATCH', `/api/appointment/${slot.id}/book`, {
      ...guestBooking(calendar, type.id),
      email: second.email,
    });
    expect(win.statusCode).toBe(200);
    const late = await asGuest(t, 'PATCH', `/api/appointment/${slot.id}/book`, {
      ...guestBooking(calendar, type.id),
      email: first.email,
    });
    expect(late.statusCode).toBe(409);
    const left = await t.database.db
      .select({ email: waitingListEntries.email })
      .from(waitingListEntries)
      .where(eq(waitingListEntries.therapistId, calendar.therapistId));
    expect(left).toEqual([{ email: first.email }]);
  });

  it(`mails at most ${OFFER_CAP} entries, the oldest; nothing for a freed slot that has begun`, async () => {
    const calendar = await widgetCalendar(t);
    const type = await addType(t, calendar);
    const entries = [];
    for (let index = 0; index < OFFER_CAP + 2; index++) entries.push(await joined(calendar));
    const emails = entries.map((entry) => entry.email);
    const past = await addSlot(t, calendar, hoursFromNow(-1), {
      state: 'taken',
      appointmentTypeId: type.id,
      clientEmail: uniqueEmail('vorbei'),
    });
    const future = await addSlot(t, calendar, weekAhead(2).at(4, 15), {
      state: 'taken',
      appointmentTypeId: type.id,
      clientEmail: uniqueEmail('kuenftig'),
    });
    const cookie = await signIn(t.app, calendar.therapist.email);
    for (const slot of [past, future]) {
      const response = await call(t.app, cookie, { method: 'PATCH', url: `/api/appointment/${slot.id}/cancel` });
      expect(response.statusCode).toBe(200);
    }
    // Queued with the rejects (sent mails keep only their recipient): the confirmation, plus one offer for the oldest.
    const queued = await queuedFor(emails);
    const mailsTo = (email: string) => queued.filter((mail) => mail.recipient === email).length;
    expect(emails.map(mailsTo)).toEqual([...Array(OFFER_CAP).fill(2), 1, 1]);
    for (const email of emails.slice(0, OFFER_CAP)) {
      const texts = [(await t.smtp.waitForMail(email)).text, (await t.smtp.waitForMail(email)).text];
      expect(
        texts.filter((text) => text.includes(`?slot=${future.id}`)),
        email,
      ).toHaveLength(1);
    }
  });

  it(`deletes entries older than ${WAITING_LIST_DAYS} days`, async () => {
    const calendar = await widgetCalendar(t);
    const old = await joined(calendar);
    const recent = await joined(calendar);
    const now = new Date();
    await t.database.db
      .update(waitingListEntries)
      .set({ createdAt: addPracticeDays(now, -WAITING_LIST_DAYS - 1) })
      .where(eq(waitingListEntries.email, old.email));
    await t.database.db
      .update(waitingListEntries)
      .set({ createdAt: addPracticeDays(now, -WAITING_LIST_DAYS + 1) })
      .where(eq(waitingListEntries.email, recent.email));
    expect(await removeExpiredWaitingEntries(t.database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select({ email: waitingListEntries.email })
      .from(waitingListEntries)
      .where(eq(waitingListEntries.therapistId, calendar.therapistId));
    expect(left).toEqual([{ email: recent.email }]);
  });
});

describe('waiting-list rate limits', () => {
  it('limits joins per network and per address (429)', async () => {
    const limited = await createTestApp({ rateLimitScale: 0.3 });
    try {
      const calendar = await widgetCalendar(limited);
      const post = (body: object) =>
        call(limited.app, undefined, { method: 'POST', url: '/api/appointment/waiting-list', payload: body });
      const sameAddress = joinBody(calendar);
      const perAddress = [];
      for (let index = 0; index < 2; index++) perAddress.push((await post(sameAddress)).statusCode);
      expect(perAddress).toEqual([201, 429]);
      const perNetwork = [];
      for (let index = 0; index < 2; index++) perNetwork.push((await post(joinBody(calendar))).statusCode);
      expect(perNetwork).toEqual([201, 429]);
    } finally {
      await limited.close();
    }
  });
});
