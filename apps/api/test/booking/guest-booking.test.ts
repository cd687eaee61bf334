import { ErrorCode, Role } from '@praxia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFees, appointments, auditLog, patients, userFeeDefaults, users } from '../../src/db/schema.js';
import { linkIn, type SmtpCapture } from '../smtp-capture.js';
import { call, createTestApp, createTestAppWithMail, createUser, signIn, type TestApp } from '../test-app.js';
import {
  addSlot,
  addType,
  asGuest,
  guestBooking,
  hoursFromNow,
  keyPaths,
  weekAhead,
  widgetCalendar,
} from '../widget-fixtures.js';

let t: TestApp & { smtp: SmtpCapture };
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const book = (id: number, body: object) => asGuest(t, 'PATCH', `/api/appointment/${id}/book`, body);

/** A calendar with one active type and a free slot in two weeks, ready for a guest. */
async function bookableSlot(typeValues: Parameters<typeof addType>[2] = {}) {
  const calendar = await widgetCalendar(t);
  const type = await addType(t, calendar, typeValues);
  const slot = await addSlot(t, calendar, weekAhead(2).at(1, 10));
  return { calendar, type, slot };
}

describe('PATCH /appointment/{id}/book as a guest', () => {
  it('books: creates the numbered patient (audited as online booking), confirms with the cancel link, tells the therapist', async () => {
    const { calendar, type, slot } = await bookableSlot({ location: 'both' });
    const body = guestBooking(calendar, type.id, { location: 'remote', language: 'en' });
    const response = await book(slot.id, body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      id: slot.id,
      appointmentStart: expect.stringMatching(/T10:00:00\+0[12]:00$/),
      appointmentEnd: expect.stringMatching(/T10:50:00\+0[12]:00$/),
      location: 'remote',
    });
    expect(keyPaths(answer).sort()).toEqual(['appointmentEnd', 'appointmentStart', 'id', 'location']);

    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, slot.id));
    expect(row).toMatchObject({
      state: 'taken',
      appointmentTypeId: type.id,
      insuranceType: 'legally',
      clientFirstName: 'Greta',
      clientLastName: body.lastName,
      clientEmail: body.email,
      clientPhone: '+49301234567',
      clientStreet: 'Gartenweg 4',
      sendEmails: true,
    });
    const [patient] = await t.database.db
      .select()
      .from(patients)
      .where(eq(patients.userId, row?.clientId ?? 0));
    expect(patient).toMatchObject({ customerId: calendar.customerId, therapistId: calendar.therapistId });
    expect(patient?.patientNumber).toBeGreaterThan(0);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.patientId, row?.clientId ?? 0));
    expect(audit.map((entry) => [entry.resource, entry.action, entry.actorUserId, entry.detail])).toEqual(
      expect.arrayContaining([
        ['patient', 'create', null, { source: 'onlineBooking' }],
        ['appointment', 'update', null, { booked: true, feeDefaultsCopied: 0, source: 'onlineBooking' }],
      ]),
    );

    const confirmation = await t.smtp.waitForMail(body.email);
    expect(confirmation.subject).toMatch(/^Your appointment on \d{2}\.\d{2}\.\d{4} 10:00$/);
    expect(confirmation.text).toContain(`Dear Ms ${body.lastName},`);
    expect(linkIn(confirmation, '/appointment/cancel/')).toMatch(
      /^http:\/\/praxia\.test\/appointment\/cancel\/\S{43}$/,
    );
    const notice = await t.smtp.waitForMail(calendar.therapist.email);
    expect(notice.subject).toMatch(/^Neue Online-Buchung am \d{2}\.\d{2}\.\d{4} 10:00 Uhr$/);
    expect(notice.text).toContain(`(G. ${body.lastName[0]}.)`);
    expect(notice.text).not.toContain(body.email);
  });

  it('never joins a guest to the patient whose e-mail they typed: the booking is held for the practice, without fees', async () => {
    const { calendar, type, slot } = await bookableSlot();
    const first = guestBooking(calendar, type.id);
    const firstAnswer = await book(slot.id, first);
    expect(firstAnswer.statusCode).toBe(200);
    const [firstRow] = await t.database.db.select().from(appointments).where(eq(appointments.id, slot.id));
    const patientId = firstRow?.clientId ?? 0;
    await t.database.db
      .insert(userFeeDefaults)
      .values({ customerId: calendar.customerId, userId: patientId, codeValue: '870', incrementalRate: '2.30' });
    // Someone else types the patient's address with a made-up name.
    const second = await addSlot(t, calendar, weekAhead(3).at(1, 10));
    const impostor = guestBooking(calendar, type.id, { email: first.email.toUpperCase(), lastName: 'Erfunden' });
    const again = await book(second.id, impostor);
    // The guest sees what any guest sees.
    expect(again.statusCode).toBe(200);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(firstAnswer.json()).sort());
    const [secondRow] = await t.database.db.select().from(appointments).where(eq(appointments.id, second.id));
    // Taken, with what the guest typed, but no patient's record and none of their fee defaults.
    expect(secondRow).toMatchObject({ state: 'taken', clientId: null, clientLastName: 'Erfunden' });
    expect(
      await t.database.db.select().from(appointmentFees).where(eq(appointmentFees.appointmentId, second.id)),
    ).toEqual([]);
    const records = await t.database.db
      .select()
      .from(patients)
      .where(and(eq(patients.customerId, calendar.customerId), eq(patients.therapistId, calendar.therapistId)));
    expect(records).toHaveLength(1);
  });

  it('refuses each missing required field by name (422)', async () => {
    const { calendar, type, slot } = await bookableSlot();
    const required = [
      'therapistId',
      'customerId',
      'insuranceType',
      'meetingType',
      'salutation',
      'firstName',
      'lastName',
      'email',
      'phoneCountry',
      'phone',
      'street',
      'postalCode',
      'city',
      'termsAndConditionsAccepted',
    ];
    for (const field of required) {
      const body: Record<string, unknown> = guestBooking(calendar, type.id);
      delete body[field];
      const response = await book(slot.id, body);
      expect(response.statusCode, field).toBe(422);
      // The ids are the contract's idField (its one key for missing and malformed); what a guest picks from a list
      // says 'must select' (foundations §5), what they type says 'required'.
      const isId = ['therapistId', 'customerId', 'meetingType'].includes(field);
      const isChoice = ['insuranceType', 'salutation'].includes(field);
      const expected = isId ? 'error.invalidValue' : isChoice ? 'error.mustSelect' : 'error.required';
      expect(response.json().validationMessages[field], field).toEqual([expected]);
    }
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, slot.id));
    expect(row?.state).toBe('available');
  });

  it('refuses bad values: street over 80, e-mail, phone, privacy not accepted, unknown fields, no location for both', async () => {
    const { calendar, type, slot } = await bookableSlot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ street: 'x'.repeat(81) }, 'street', 'error.max80Signs'],
      [{ email: 'keine-adresse' }, 'email', 'error.invalidEmail'],
      [{ phone: '12' }, 'phone', 'error.phone'],
      [{ termsAndConditionsAccepted: false }, 'termsAndConditionsAccepted', 'error.required'],
      [{ notes: 'Hallo' }, 'body', 'error.invalidValue'],
    ];
    for (const [override, field, key] of cases) {
      const response = await book(slot.id, guestBooking(calendar, type.id, override));
      expect(response.statusCode, field).toBe(422);
      expect(response.json().validationMessages[field], field).toEqual([key]);
    }
    const both = await addType(t, calendar, { location: 'both' });
    const noLocation = await book(slot.id, guestBooking(calendar, both.id));
    expect(noLocation.statusCode).toBe(422);
    expect(noLocation.json().validationMessages).toEqual({ location: ['error.required'] });
    const unknownType = await book(slot.id, guestBooking(calendar, 2147483000));
    expect(unknownType.json().validationMessages).toEqual({ meetingType: ['error.invalidValue'] });
  });

  it('answers the booking error (409) for slots the widget would not offer: taken, too soon, past, other type or insurance', async () => {
    const calendar = await widgetCalendar(t);
    const open = await addType(t, calendar);
    const dayAhead = await addType(t, calendar, { bookingDeadline: 'P1D' });
    const privately = await addType(t, calendar, { insuranceType: 'privately' });
    const retired = await addType(t, calendar, { deactivated: true });
    const week = weekAhead(2);
    const taken = await addSlot(t, calendar, week.at(0, 8), { state: 'taken' });
    const soon = await addSlot(t, calendar, hoursFromNow(5));
    const past = await addSlot(t, calendar, hoursFromNow(-5));
    const typed = await addSlot(t, calendar, week.at(0, 10), { appointmentTypeId: open.id });
    const retiredSlot = await addSlot(t, calendar, week.at(0, 12), { appointmentTypeId: retired.id });
    const free = await addSlot(t, calendar, week.at(0, 14));
    const cases: [number, object, string][] = [
      [taken.id, guestBooking(calendar, open.id), 'taken'],
      [soon.id, guestBooking(calendar, dayAhead.id), 'deadline'],
      [past.id, guestBooking(calendar, open.id), 'past'],
      [typed.id, guestBooking(calendar, dayAhead.id), 'another type'],
      [retiredSlot.id, guestBooking(calendar, retired.id), 'deactivated type'],
      [free.id, guestBooking(calendar, privately.id, { insuranceType: 'legally' }), 'insurance'],
    ];
    for (const [id, body, label] of cases) {
      const response = await book(id, body);
      expect(response.statusCode, label).toBe(409);
      expect(response.json(), label).toMatchObject({
        code: ErrorCode.bookingFailed,
        detail: 'Termin konnte nicht gebucht werden, bitte wählen Sie einen anderen Termin aus',
      });
    }
    // The untyped slot within the P1D deadline is fine with the type without deadline.
    expect((await book(soon.id, guestBooking(calendar, open.id))).statusCode).toBe(200);
    expect((await book(soon.id, guestBooking(calendar, open.id))).statusCode).toBe(409);
  });

  it('answers 404 for unknown slots, slots of another therapist or practice, and closed practices', async () => {
    const { calendar, type, slot } = await bookableSlot();
    const other = await widgetCalendar(t);
    const otherType = await addType(t, other);
    const cases: [number, object][] = [
      [2147483000, guestBooking(calendar, type.id)],
      [slot.id, guestBooking(other, otherType.id)],
      [slot.id, guestBooking(calendar, type.id, { therapistId: other.therapistId })],
      [slot.id, guestBooking(calendar, type.id, { customerId: other.customerId })],
    ];
    for (const [id, body] of cases) {
      const response = await book(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json().code).toBe(ErrorCode.notFound);
    }
    const shut = await widgetCalendar(t, { deactivated: true });
    const shutType = await addType(t, shut);
    const shutSlot = await addSlot(t, shut, weekAhead(2).at(2, 10));
    expect((await book(shutSlot.id, guestBooking(shut, shutType.id))).statusCode).toBe(404);
  });

  it('answers a session cookie with the staff booking: without the edit permission 403, even for a guest’s body', async () => {
    // The session cookie picks the staff route (plugins/caller-routes.ts), whose permission check comes first: a
    // signed-in user without the permission no longer falls back to the guest's booking. The widget sends no cookie.
    const { calendar, type, slot } = await bookableSlot();
    const admin = await createUser(t.database, { roles: Role.ADMIN });
    const adminCookie = await signIn(t.app, admin.email);
    const asAdmin = (body: object) =>
      call(t.app, adminCookie, { method: 'PATCH', url: `/api/appointment/${slot.id}/book`, payload: body });
    expect((await asAdmin({ firstName: 'Staff', lastName: 'Form', email: 'staff@example.org' })).statusCode).toBe(403);
    expect((await asAdmin(guestBooking(calendar, type.id))).statusCode).toBe(403);
    expect((await book(slot.id, guestBooking(calendar, type.id))).statusCode).toBe(200);

    const staffSlot = await addSlot(t, calendar, weekAhead(2).at(3, 10));
    const therapistCookie = await signIn(t.app, calendar.therapist.email);
    const staff = await call(t.app, therapistCookie, {
      method: 'PATCH',
      url: `/api/appointment/${staffSlot.id}/book`,
      payload: { firstName: 'Paula', lastName: 'Probe', email: 'paula-staff@example.org' },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ state: 'taken', client: { firstName: 'Paula' }, billing: expect.any(Object) });
  });

  it('50 simultaneous guest bookings of one slot: exactly one succeeds, 49 get the booking error', async () => {
    const { calendar, type, slot } = await bookableSlot();
    const answers = await Promise.all(Array.from({ length: 50 }, () => book(slot.id, guestBooking(calendar, type.id))));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const answer of answers.filter((response) => response.statusCode === 409)) {
      expect(answer.json().code).toBe(ErrorCode.bookingFailed);
    }
    const records = await t.database.db.select().from(patients).where(eq(patients.customerId, calendar.customerId));
    expect(records).toHaveLength(1);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, slot.id));
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, row?.clientId ?? 0));
    expect(row?.clientEmail).toBe(user?.email);
  });
});

describe('guest booking rate limit', () => {
  it('limits guests per network (429) and leaves staff bookings alone', async () => {
    const limited = await createTestApp({ rateLimitScale: 0.3 });
    try {
      const calendar = await widgetCalendar(limited);
      const type = await addType(limited, calendar);
      const guest = (id: number) =>
        call(limited.app, undefined, {
          method: 'PATCH',
          url: `/api/appointment/${id}/book`,
          payload: guestBooking(calendar, type.id),
        });
      const statuses: number[] = [];
      for (let day = 0; day < 4; day++) {
        const slot = await addSlot(limited, calendar, weekAhead(2).at(day, 10));
        statuses.push((await guest(slot.id)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const cookie = await signIn(limited.app, calendar.therapist.email);
      for (let day = 0; day < 4; day++) {
        const slot = await addSlot(limited, calendar, weekAhead(3).at(day, 10));
        const staff = await call(limited.app, cookie, {
          method: 'PATCH',
          url: `/api/appointment/${slot.id}/book`,
          payload: { firstName: 'Paula', lastName: 'Probe', email: `paula-${day}@example.org` },
        });
        expect(staff.statusCode, `staff ${day}`).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});
