import { ErrorCode } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, userFeeDefaults } from '../../src/db/schema.js';
import { linkIn, type SmtpCapture } from '../smtp-capture.js';
import { call, createTestAppWithMail, type TestApp } from '../test-app.js';
import {
  addSlot,
  addType,
  asGuest,
  guestBooking,
  hoursFromNow,
  signedIn,
  type WidgetCalendarFixture,
  weekAhead,
  widgetCalendar,
} from '../widget-fixtures.js';

/*
 * A guest who types the e-mail of an existing patient is never joined to that record by the widget: the booking is
 * held, the therapist is told, and the practice names the patient after checking the details.
 */

let t: TestApp & { smtp: SmtpCapture };
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const book = (id: number, body: object) => asGuest(t, 'PATCH', `/api/appointment/${id}/book`, body);

/** A patient made by a first online booking (with a fee default), then a second guest's booking held on its e-mail. */
async function heldBooking(calendar: WidgetCalendarFixture) {
  const type = await addType(t, calendar, { location: 'both' });
  const first = await addSlot(t, calendar, weekAhead(2).at(1, 10));
  const patientBooking = guestBooking(calendar, type.id, { location: 'onSite' });
  expect((await book(first.id, patientBooking)).statusCode).toBe(200);
  const [firstRow] = await t.database.db.select().from(appointments).where(eq(appointments.id, first.id));
  const patientId = firstRow?.clientId ?? 0;
  await t.database.db
    .insert(userFeeDefaults)
    .values({ customerId: calendar.customerId, userId: patientId, codeValue: '870', incrementalRate: '2.30' });
  await t.smtp.waitForMail(patientBooking.email);
  await t.smtp.waitForMail(calendar.therapist.email);

  const slot = await addSlot(t, calendar, weekAhead(3).at(2, 9));
  const guest = guestBooking(calendar, type.id, {
    email: patientBooking.email,
    firstName: 'Erika',
    lastName: 'Erfunden',
    location: 'remote',
  });
  expect((await book(slot.id, guest)).statusCode).toBe(200);
  return { patientId, patientBooking, slotId: slot.id, firstId: first.id };
}

describe('a held online booking', () => {
  it('tells the therapist it waits, names the e-mail’s patient as the match, and is assigned once', async () => {
    const calendar = await widgetCalendar(t);
    const { patientId, patientBooking, slotId, firstId } = await heldBooking(calendar);
    const notice = await t.smtp.waitForMail(calendar.therapist.email);
    expect(notice.text).toContain('wurde die Buchung nicht mit dieser Akte verbunden');
    const cookie = await signedIn(t, calendar.therapist);

    const matches = await call(t.app, cookie, { method: 'GET', url: `/api/appointment/${slotId}/patient-matches` });
    expect(matches.statusCode).toBe(200);
    expect(matches.json()).toEqual({
      list: [
        {
          id: patientId,
          firstName: patientBooking.firstName,
          lastName: patientBooking.lastName,
          patientNumber: expect.any(Number),
        },
      ],
    });
    // An appointment that names its patient has nothing to match.
    const none = await call(t.app, cookie, { method: 'GET', url: `/api/appointment/${firstId}/patient-matches` });
    expect(none.json()).toEqual({ list: [] });

    const assigned = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/appointment/${slotId}/patient`,
      payload: { clientId: patientId },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      clientId: patientId,
      state: 'taken',
      client: { firstName: patientBooking.firstName, lastName: patientBooking.lastName, street: 'Gartenweg 4' },
      medicalFeeSchedules: [expect.objectContaining({ medicalFeeScheduleCodeValue: '870' })],
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'appointment'), eq(auditLog.resourceId, String(slotId))));
    expect(audit.map((entry) => entry.detail)).toContainEqual({ heldBookingAssigned: true, feeDefaultsCopied: 1 });
    // The online appointment's first video link goes to the patient now that a record carries it.
    const videoMail = await t.smtp.waitForMail(patientBooking.email, 10_000, (mail) =>
      mail.subject.startsWith('Ihre Videosprechstunde'),
    );
    expect(videoMail.text).toContain('hier erhalten Sie Ihren persönlichen Link zur Videosprechstunde:');
    expect(videoMail.text).not.toContain('früher erhaltener Link');
    expect(linkIn(videoMail, '/video/')).toMatch(/^http:\/\/praxia\.test\/video\//);

    const again = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/appointment/${slotId}/patient`,
      payload: { clientId: patientId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.appointmentNotHeld);
  });

  it('is not billed before its patient is named, alone or in a selection', async () => {
    const calendar = await widgetCalendar(t);
    const past = await addSlot(t, calendar, hoursFromNow(-3), {
      state: 'taken',
      clientFirstName: 'Erika',
      clientLastName: 'Erfunden',
      clientEmail: 'erika@example.org',
      clientStreet: 'Gartenweg 4',
      clientPostalCode: '10115',
      clientCity: 'Berlin',
    });
    const cookie = await signedIn(t, calendar.therapist);
    const alone = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/appointment/${past.id}`,
      payload: { state: 'billable' },
    });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().code).toBe(ErrorCode.appointmentPatientMissing);
    const selection = await call(t.app, cookie, {
      method: 'PATCH',
      url: '/api/appointment/state',
      payload: { state: 'billable', therapistIds: [calendar.therapistId], appointmentIds: [past.id] },
    });
    expect(selection.statusCode).toBe(409);
    expect(selection.json().code).toBe(ErrorCode.appointmentPatientMissing);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, past.id));
    expect(row?.state).toBe('taken');
  });

  it('answers another practice like a missing appointment, and refuses its patients and bad bodies', async () => {
    const calendar = await widgetCalendar(t);
    const { slotId } = await heldBooking(calendar);
    const other = await widgetCalendar(t);
    const { patientId: otherPatient } = await heldBooking(other);
    const otherCookie = await signedIn(t, other.therapist);
    for (const request of [
      { method: 'GET' as const, url: `/api/appointment/${slotId}/patient-matches` },
      { method: 'PATCH' as const, url: `/api/appointment/${slotId}/patient`, payload: { clientId: otherPatient } },
    ]) {
      const answer = await call(t.app, otherCookie, request);
      expect(answer.statusCode, request.url).toBe(404);
    }
    const cookie = await signedIn(t, calendar.therapist);
    const foreignPatient = await call(t.app, cookie, {
      method: 'PATCH',
      url: `/api/appointment/${slotId}/patient`,
      payload: { clientId: otherPatient },
    });
    expect(foreignPatient.statusCode).toBe(404);
    for (const payload of [{}, { clientId: 'x' }, { clientId: 1, firstName: 'X' }]) {
      const bad = await call(t.app, cookie, { method: 'PATCH', url: `/api/appointment/${slotId}/patient`, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, slotId));
    expect(row).toMatchObject({ clientId: null, clientLastName: 'Erfunden' });
  });
});
