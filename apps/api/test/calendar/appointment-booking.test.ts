import { ErrorCode } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFees, appointments, patients, userFeeDefaults, users } from '../../src/db/schema.js';
import {
  api,
  bookingInput,
  type CalendarPractice,
  calendarPractice,
  createSlot,
  defaultTypeId,
  freshDay,
} from '../calendar-fixtures.js';
import { createPatientVia } from '../patient-fixtures.js';
import { linkIn, type SmtpCapture } from '../smtp-capture.js';
import { createTestAppWithMail, type TestApp } from '../test-app.js';

let t: TestApp & { smtp: SmtpCapture };
let team: CalendarPractice;
let other: CalendarPractice;

beforeAll(async () => {
  t = await createTestAppWithMail();
  team = await calendarPractice(t);
  other = await calendarPractice(t);
});
afterAll(() => t.close());

const slotOn = (cookie: string, from: string, to: string, extra: Record<string, unknown> = {}) => {
  const day = freshDay();
  return createSlot(t, cookie, { appointmentStart: `${day} ${from}`, appointmentEnd: `${day} ${to}`, ...extra });
};

describe('PATCH /appointment/{id}/book', () => {
  it('books a free slot for a new client: creates the patient, confirms by e-mail with a cancel link', async () => {
    const slot = await slotOn(team.therapist.cookie, '09:00', '09:50', { location: 'onSite' });
    const input = bookingInput({ phone: '030 1234567', phoneCountry: 'DE', issue: 'Schlafprobleme' });
    const booked = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, input);
    expect(booked.statusCode).toBe(200);
    const body = booked.json();
    expect(body).toMatchObject({
      state: 'taken',
      issue: 'Schlafprobleme',
      client: {
        salutation: 'Frau',
        firstName: 'Paula',
        lastName: input.lastName,
        email: input.email,
        phone: '+49301234567',
        street: 'Gartenweg 4',
        postalCode: '10115',
        city: 'Berlin',
      },
      isFirstAppointment: true,
    });
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.userId, body.clientId));
    expect(patient).toMatchObject({ customerId: team.id, therapistId: team.therapist.id });
    const mail = await t.smtp.waitForMail(input.email);
    expect(mail.subject).toMatch(/^Ihr Termin am \d{2}\.\d{2}\.\d{4} 09:00 Uhr$/);
    expect(mail.text).toContain(`Guten Tag Frau ${input.lastName},`);
    expect(mail.text).toContain('Uhrzeit: 09:00 – 09:50 Uhr');
    expect(mail.text).toMatch(/Ort: Praxis [^\n]+, Weg 1, 10115 Berlin/);
    const link = linkIn(mail, '/appointment/cancel/');
    expect(link).toMatch(/^http:\/\/praxia\.test\/appointment\/cancel\/[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept.
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, slot.id));
    expect(Buffer.from(row?.cancelTokenHash ?? []).toString('base64url')).not.toBe(link.split('/').pop());
  });

  it('links an existing patient, copies their fee defaults and writes English to an English-speaking patient', async () => {
    const patient = await createPatientVia(t, team.therapist.cookie, {
      street: 'Allee 9',
      postalCode: '10117',
      city: 'Berlin',
    });
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, patient.id));
    await t.database.db.insert(userFeeDefaults).values([
      {
        customerId: team.id,
        userId: patient.id,
        codeValue: '870',
        incrementalRate: '3.00',
        justification: 'Erhöhter Zeitaufwand.',
      },
      {
        customerId: team.id,
        userId: patient.id,
        coachingTitle: 'Coaching',
        coachingAmountCents: 12000,
        coachingAmountTax: 'add',
      },
    ]);
    const slot = await slotOn(team.therapist.cookie, '10:00', '10:50', { location: 'remote' });
    const booked = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, {
      clientId: patient.id,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({
      clientId: patient.id,
      client: { street: 'Allee 9', postalCode: '10117', city: 'Berlin' },
      billing: { feesComplete: true, addressComplete: true },
    });
    expect(booked.json().medicalFeeSchedules).toEqual([
      // The raised rate keeps its justification, and the coaching entry's rate is 1 (spec §5).
      expect.objectContaining({
        medicalFeeScheduleCodeValue: '870',
        incrementalRate: '3',
        justification: 'Erhöhter Zeitaufwand.',
        amountCents: 13115,
      }),
      expect.objectContaining({
        incrementalRate: '1',
        coachingTitle: 'Coaching',
        coachingAmount: 120,
        coachingAmountAddTax: 'add',
        amountCents: 12000,
      }),
    ]);
    const [record] = await t.database.db.select().from(users).where(eq(users.id, patient.id));
    const mail = await t.smtp.waitForMail(record?.email ?? '');
    expect(mail.subject).toMatch(/^Your appointment on /);
    expect(mail.text).toContain('Place: Online');
    // The patient record counts the session.
    const read = await api(
      t,
      team.therapist.cookie,
      'GET',
      `/user/patient/${patient.id}?sessioncounter=${team.therapist.id}`,
    );
    expect(read.json().sessioncounter).toBe(1);
  });

  it('books a second appointment for a known e-mail onto the same patient, and books without mail when e-mails are off', async () => {
    const input = bookingInput();
    const first = await slotOn(team.therapist.cookie, '11:00', '11:50');
    const second = await slotOn(team.therapist.cookie, '11:00', '11:50');
    const a = (await api(t, team.therapist.cookie, 'PATCH', `/appointment/${first.id}/book`, input)).json();
    const b = (
      await api(t, team.therapist.cookie, 'PATCH', `/appointment/${second.id}/book`, { ...input, sendEmails: false })
    ).json();
    expect(b.clientId).toBe(a.clientId);
    expect(b).toMatchObject({ sendEmails: false, isFirstAppointment: false });
    await t.smtp.waitForMail(input.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.smtp.mails.filter((mail) => mail.to.includes(input.email))).toHaveLength(0);
  });

  it('counts sessions in units of 50 minutes, to the nearest unit and at least one per appointment', async () => {
    const input = bookingInput({ sendEmails: false });
    // 100 minutes = 2 units, 75 = 1.5 → 2, 20 = 0.4 → still 1: five in all.
    const lengths = [
      ['08:00', '09:40'],
      ['10:00', '11:15'],
      ['12:00', '12:20'],
    ];
    let clientId = 0;
    for (const [from, to] of lengths) {
      const slot = await slotOn(team.therapist.cookie, from ?? '', to ?? '');
      const booked = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, input);
      clientId = booked.json().clientId;
    }
    const read = await api(
      t,
      team.therapist.cookie,
      'GET',
      `/user/patient/${clientId}?sessioncounter=${team.therapist.id}`,
    );
    expect(read.json().sessioncounter).toBe(5);
  });

  it('books only available slots, only the slot’s own type, and asks for the place when the type allows both', async () => {
    const both = (
      await api(t, team.therapist.cookie, 'POST', '/appointmentTypes', {
        name: 'Beides',
        duration: 30,
        location: 'both',
      })
    ).json();
    const slot = await slotOn(team.therapist.cookie, '12:00', '12:30', { meetingType: both.id });
    const noPlace = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, bookingInput());
    expect(noPlace.statusCode).toBe(422);
    expect(noPlace.json().validationMessages).toEqual({ location: ['error.required'] });
    const otherType = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, {
      ...bookingInput(),
      location: 'remote',
      meetingType: await defaultTypeId(t, team.therapist.id),
    });
    expect(otherType.json().validationMessages).toEqual({ meetingType: ['error.appointmentTypeMismatch'] });
    const ok = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, {
      ...bookingInput(),
      location: 'remote',
    });
    expect(ok.json()).toMatchObject({ state: 'taken', location: 'remote' });
    const again = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, bookingInput());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.appointmentNotAvailable);
  });

  it('validates the client data (spec §5): names and e-mail without a linked client, the phone, the street', async () => {
    const slot = await slotOn(team.therapist.cookie, '13:00', '13:30');
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { firstName: undefined, lastName: undefined, email: undefined },
        {
          firstName: ['error.required'],
          lastName: ['error.required'],
          email: ['error.required'],
        },
      ],
      [{ email: 'kein-at' }, { email: ['error.invalidEmail'] }],
      [{ phone: '123abc', phoneCountry: 'DE' }, { phone: ['error.phone'] }],
      [{ phone: '030 1234567', phoneCountry: null }, { phoneCountry: ['error.required'] }],
      [{ street: 'x'.repeat(81) }, { street: ['error.max80Signs'] }],
    ];
    for (const [overrides, messages] of cases) {
      const response = await api(
        t,
        team.therapist.cookie,
        'PATCH',
        `/appointment/${slot.id}/book`,
        bookingInput(overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().validationMessages, JSON.stringify(overrides)).toEqual(messages);
    }
    const foreignPatient = await createPatientVia(t, other.therapist.cookie);
    const foreign = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, {
      clientId: foreignPatient.id,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets an assistant book for the therapist; the patient is the therapist’s', async () => {
    const slot = await slotOn(team.otherTherapist.cookie, '09:00', '10:00');
    const booked = await api(t, team.assistant.cookie, 'PATCH', `/appointment/${slot.id}/book`, bookingInput());
    expect(booked.statusCode).toBe(200);
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.userId, booked.json().clientId));
    expect(patient?.therapistId).toBe(team.otherTherapist.id);
  });
});

describe('PATCH /appointment/{id}/cancel (reject)', () => {
  it('frees a taken appointment, clears client data and fees, and tells the client', async () => {
    const slot = await slotOn(team.therapist.cookie, '14:00', '14:50');
    const input = bookingInput();
    await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, input);
    await t.smtp.waitForMail(input.email);
    await t.database.db
      .insert(appointmentFees)
      .values({ customerId: team.id, appointmentId: slot.id, codeValue: '870', incrementalRate: '2.3' });
    const rejected = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/cancel`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'available',
      client: null,
      clientId: null,
      medicalFeeSchedules: [],
    });
    const notice = await t.smtp.waitForMail(input.email);
    expect(notice.subject).toMatch(/wurde abgesagt$/);
    const again = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ErrorCode.appointmentStateForbids);
  });

  it('needs the reject permission of a role that treats (patient accounts 403)', async () => {
    const slot = await slotOn(team.therapist.cookie, '15:00', '15:50');
    expect((await api(t, team.patientAccount.cookie, 'PATCH', `/appointment/${slot.id}/cancel`)).statusCode).toBe(403);
  });
});

describe('DELETE /appointment/{id}', () => {
  it('deletes an available or taken appointment; a billed one answers the spec’s 409', async () => {
    const free = await slotOn(team.therapist.cookie, '16:00', '16:50');
    expect((await api(t, team.therapist.cookie, 'DELETE', `/appointment/${free.id}`)).statusCode).toBe(204);
    expect((await api(t, team.therapist.cookie, 'GET', `/appointment/${free.id}`)).statusCode).toBe(404);
    const taken = await slotOn(team.therapist.cookie, '16:00', '16:50');
    const input = bookingInput();
    await api(t, team.therapist.cookie, 'PATCH', `/appointment/${taken.id}/book`, input);
    await t.smtp.waitForMail(input.email);
    expect((await api(t, team.therapist.cookie, 'DELETE', `/appointment/${taken.id}`)).statusCode).toBe(204);
    const billed = await slotOn(team.therapist.cookie, '16:00', '16:50');
    await t.database.db
      .update(appointments)
      .set({ state: 'billed', billedAt: new Date() })
      .where(eq(appointments.id, billed.id));
    const refused = await api(t, team.therapist.cookie, 'DELETE', `/appointment/${billed.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.appointmentBilled,
      detail: 'Der Termin wurde bereits abgerechnet.',
    });
  });

  it('deletes this and all following of a series; a billed one among them refuses the whole deletion', async () => {
    const series = await createSlot(t, team.otherTherapist.cookie, {
      appointmentStart: '2031-09-01 08:00',
      appointmentEnd: '2031-09-01 09:00',
      series: { interval: 'P1W', count: 4 },
    });
    const members = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.seriesId, series.seriesId ?? ''));
    const sorted = members.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const [, second, third, fourth] = sorted;
    await t.database.db
      .update(appointments)
      .set({ state: 'billed' })
      .where(eq(appointments.id, fourth?.id ?? 0));
    const refused = await api(t, team.otherTherapist.cookie, 'DELETE', `/appointment/${second?.id}?deleteSeries=true`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.appointmentSeriesBilled,
      detail: 'Löschung beinhaltet bereits abgerechneten Termin, bitte diesen zunächst einzeln löschen.',
    });
    await t.database.db
      .update(appointments)
      .set({ state: 'available' })
      .where(eq(appointments.id, fourth?.id ?? 0));
    expect(
      (await api(t, team.otherTherapist.cookie, 'DELETE', `/appointment/${third?.id}?deleteSeries=true`)).statusCode,
    ).toBe(204);
    const left = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.seriesId, series.seriesId ?? ''));
    expect(left.map((row) => row.id).sort()).toEqual([sorted[0]?.id, second?.id].sort());
    // Without deleteSeries only this one goes.
    expect((await api(t, team.otherTherapist.cookie, 'DELETE', `/appointment/${second?.id}`)).statusCode).toBe(204);
    expect(
      await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.seriesId, series.seriesId ?? '')),
    ).toHaveLength(1);
  });

  it('needs the delete permission (patient accounts and non-treating owners 403)', async () => {
    const slot = await slotOn(team.therapist.cookie, '17:00', '17:50');
    expect((await api(t, team.owner.cookie, 'DELETE', `/appointment/${slot.id}`)).statusCode).toBe(403);
  });
});

describe('POST /appointment/copy', () => {
  it('copies a free slot to another start (201) and a booked one as a new booking of the same client', async () => {
    const free = await slotOn(team.treatingOwner.cookie, '08:00', '08:45', { notes: 'Raum 1' });
    const day = freshDay();
    const copied = await api(t, team.treatingOwner.cookie, 'POST', '/appointment/copy', {
      appointmentId: free.id,
      appointmentStart: `${day} 10:00`,
    });
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toMatchObject({
      state: 'available',
      appointmentStart: `${day}T10:00:00+01:00`,
      appointmentEnd: `${day}T10:45:00+01:00`,
      notes: 'Raum 1',
    });
    const overlap = await api(t, team.treatingOwner.cookie, 'POST', '/appointment/copy', {
      appointmentId: free.id,
      appointmentStart: `${day} 10:30`,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: ErrorCode.appointmentOverlaps, detail: 'Appointment overlaps.' });

    const input = bookingInput();
    const booked = await slotOn(team.treatingOwner.cookie, '08:00', '08:45');
    await api(t, team.treatingOwner.cookie, 'PATCH', `/appointment/${booked.id}/book`, input);
    await t.smtp.waitForMail(input.email);
    await t.database.db
      .insert(appointmentFees)
      .values({ customerId: team.id, appointmentId: booked.id, codeValue: '870', incrementalRate: '2.3' });
    const next = await api(t, team.treatingOwner.cookie, 'POST', '/appointment/copy', {
      appointmentId: booked.id,
      appointmentStart: `${freshDay()} 08:00`,
    });
    expect(next.json()).toMatchObject({ state: 'taken', client: { email: input.email }, isFirstAppointment: false });
    expect(next.json().medicalFeeSchedules).toHaveLength(1);
    expect((await t.smtp.waitForMail(input.email)).subject).toMatch(/^Ihr Termin am/);
    const foreign = await slotOn(other.therapist.cookie, '08:00', '09:00');
    const refused = await api(t, team.treatingOwner.cookie, 'POST', '/appointment/copy', {
      appointmentId: foreign.id,
      appointmentStart: `${freshDay()} 08:00`,
    });
    expect(refused.statusCode).toBe(404);
  });
});
