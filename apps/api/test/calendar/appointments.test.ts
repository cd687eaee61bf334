import { ErrorCode, Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog } from '../../src/db/schema.js';
import {
  api,
  bookingInput,
  type CalendarPractice,
  calendarPractice,
  createSlot,
  defaultTypeId,
  freshDay,
} from '../calendar-fixtures.js';
import { pastDay } from '../invoice-fixtures.js';
import { createTestApp, createUser, signIn, type TestApp } from '../test-app.js';

let t: TestApp;
let team: CalendarPractice;
let other: CalendarPractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await calendarPractice(t);
  other = await calendarPractice(t);
});
afterAll(() => t.close());

describe('POST /appointment', () => {
  it('creates a free slot; the type sets the end and the place', async () => {
    const day = freshDay();
    const typeId = await defaultTypeId(t, team.therapist.id);
    const created = await api(t, team.therapist.cookie, 'POST', '/appointment', {
      appointmentStart: `${day} 09:00:00`,
      meetingType: typeId,
      notes: 'Raum 2',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      state: 'available',
      therapistId: team.therapist.id,
      customerId: team.id,
      appointmentStart: `${day}T09:00:00+01:00`,
      appointmentEnd: `${day}T09:50:00+01:00`,
      meetingType: { id: typeId, name: 'Therapiesitzung', duration: 50, location: 'onSite' },
      location: 'onSite',
      notes: 'Raum 2',
      client: null,
      clientId: null,
      seriesId: null,
      medicalFeeSchedules: [],
      billing: { feesComplete: false, addressComplete: false },
      // On-site: the therapist's on-site e-mail default (on).
      sendEmails: true,
    });
  });

  it('follows the therapist’s on-site e-mail default for new on-site appointments, true for online ones', async () => {
    await api(t, team.drs.cookie, 'PATCH', '/calendar-settings', { appointmentOnsiteNotificationDefault: false });
    const day = freshDay();
    const onSite = await createSlot(t, team.drs.cookie, {
      appointmentStart: `${day} 08:00`,
      appointmentEnd: `${day} 09:00`,
      location: 'onSite',
    });
    const online = await createSlot(t, team.drs.cookie, {
      appointmentStart: `${day} 10:00`,
      appointmentEnd: `${day} 11:00`,
      location: 'remote',
    });
    expect([onSite, online].map((slot) => (slot as { sendEmails?: boolean }).sendEmails)).toEqual([false, true]);
  });

  it('refuses an overlap with 409 "Appointment overlaps.", and lets back-to-back slots fit', async () => {
    const day = freshDay();
    await createSlot(t, team.therapist.cookie, { appointmentStart: `${day} 10:00`, appointmentEnd: `${day} 11:00` });
    const overlapping = await api(t, team.therapist.cookie, 'POST', '/appointment', {
      appointmentStart: `${day} 10:30`,
      appointmentEnd: `${day} 11:30`,
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toMatchObject({ detail: 'Appointment overlaps.', code: ErrorCode.appointmentOverlaps });
    expect(overlapping.json().params).toBeUndefined();
    const next = await api(t, team.therapist.cookie, 'POST', '/appointment', {
      appointmentStart: `${day} 11:00`,
      appointmentEnd: `${day} 12:00`,
    });
    expect(next.statusCode).toBe(201);
    // Another therapist's calendar is their own.
    const colleague = await api(t, team.otherTherapist.cookie, 'POST', '/appointment', {
      appointmentStart: `${day} 10:30`,
      appointmentEnd: `${day} 11:30`,
    });
    expect(colleague.statusCode).toBe(201);
  });

  it('creates a weekly series at 07:00 German time across the start of summer time, all in one transaction', async () => {
    const created = await api(t, team.otherTherapist.cookie, 'POST', '/appointment', {
      appointmentStart: '2031-03-24 07:00',
      appointmentEnd: '2031-03-24 07:50',
      series: { interval: 'P1W', count: '3' },
    });
    expect(created.statusCode).toBe(201);
    const { seriesId } = created.json();
    expect(created.json().series).toEqual({ interval: 'P1W', count: 3 });
    const members = await t.database.db.select().from(appointments).where(eq(appointments.seriesId, seriesId));
    expect(members.map((row) => row.startsAt.toISOString()).sort()).toEqual([
      '2031-03-24T06:00:00.000Z',
      '2031-03-31T05:00:00.000Z',
      '2031-04-07T05:00:00.000Z',
    ]);
    const listed = await api(
      t,
      team.otherTherapist.cookie,
      'GET',
      '/appointment?appointmentStartFrom=2031-03-31T00:00:00%2B02:00&appointmentStartTo=2031-03-31T23:59:59%2B02:00',
    );
    expect(listed.json().list.map((row: { appointmentStart: string }) => row.appointmentStart)).toEqual([
      '2031-03-31T07:00:00+02:00',
    ]);
  });

  it('defaults a series to 10 members, and an overlap anywhere creates none and names the first conflicting date', async () => {
    const blocker = await createSlot(t, team.treatingOwner.cookie, {
      appointmentStart: '2031-05-19 16:00',
      appointmentEnd: '2031-05-19 17:00',
    });
    const refused = await api(t, team.treatingOwner.cookie, 'POST', '/appointment', {
      appointmentStart: '2031-05-05 16:30',
      appointmentEnd: '2031-05-05 17:30',
      series: { interval: 'P1W' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: ErrorCode.appointmentOverlaps, params: { date: '19.05.2031 16:30' } });
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.therapistId, team.treatingOwner.id));
    expect(rows.map((row) => row.id)).toEqual([blocker.id]);
    const tenWeeks = await api(t, team.treatingOwner.cookie, 'POST', '/appointment', {
      appointmentStart: '2031-06-02 16:30',
      appointmentEnd: '2031-06-02 17:30',
      series: { interval: 'P2W' },
    });
    const members = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.seriesId, tenWeeks.json().seriesId));
    expect(members).toHaveLength(10);
  });

  it('validates times and series with the spec’s rules (§5)', async () => {
    const day = freshDay();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { appointmentStart: `${day} 10:00`, appointmentEnd: `${day} 09:00` },
        'appointmentEnd',
        'error.appointmentEndBeforeStart',
      ],
      [
        { appointmentStart: `${day} 23:00`, appointmentEnd: `${freshDay()} 01:00` },
        'appointmentEnd',
        'error.appointmentMultipleDays',
      ],
      [
        { appointmentStart: '31.12.2031 10:00', appointmentEnd: `${day} 11:00` },
        'appointmentStart',
        'error.appointmentDateTime',
      ],
      [{ appointmentStart: `${day} 10:00` }, 'appointmentEnd', 'error.required'],
      [{ appointmentEnd: `${day} 10:00` }, 'appointmentStart', 'error.required'],
      [
        { appointmentStart: `${day} 10:00`, appointmentEnd: `${day} 11:00`, series: { interval: 'P1W', count: 1 } },
        'series.count',
        'error.appointmentSeriesCount',
      ],
      [
        { appointmentStart: `${day} 10:00`, appointmentEnd: `${day} 11:00`, series: { interval: 'P1W', count: '51' } },
        'series.count',
        'error.appointmentSeriesCount',
      ],
      [
        { appointmentStart: `${day} 10:00`, appointmentEnd: `${day} 11:00`, series: { interval: 'P1W', count: '1a' } },
        'series.count',
        'error.appointmentSeriesCount',
      ],
      [
        { appointmentStart: `${day} 10:00`, appointmentEnd: `${day} 11:00`, series: { interval: 'P5W' } },
        'series.interval',
        'error.invalidValue',
      ],
      [
        { appointmentStart: `${day} 10:00`, appointmentEnd: `${day} 11:00`, notes: 'x'.repeat(2001) },
        'notes',
        'error.tooLong',
      ],
    ];
    for (const [payload, field, key] of cases) {
      const response = await api(t, team.therapist.cookie, 'POST', '/appointment', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().validationMessages?.[field], `${JSON.stringify(payload)}: ${response.body}`).toEqual([
        key,
      ]);
    }
  });

  it('answers the spec’s texts as the detail of those validation errors', async () => {
    const day = freshDay();
    const series = await api(t, team.therapist.cookie, 'POST', '/appointment', {
      appointmentStart: `${day} 10:00`,
      appointmentEnd: `${day} 11:00`,
      series: { interval: 'P1W', count: 60 },
    });
    expect(series.json().detail).toBe('Die Anzahl der Termine muss zwischen 2 und 50 liegen.');
    const twoDays = await api(t, team.therapist.cookie, 'POST', '/appointment', {
      appointmentStart: `${day} 22:00`,
      appointmentEnd: `${freshDay()} 09:00`,
    });
    expect(twoDays.json().detail).toBe('Der Termin darf sich nicht über mehrere Tage erstrecken.');
  });

  it('refuses a type of another therapist or a deactivated one', async () => {
    const day = freshDay();
    const colleagueType = await defaultTypeId(t, team.otherTherapist.id);
    const response = await api(t, team.therapist.cookie, 'POST', '/appointment', {
      appointmentStart: `${day} 10:00`,
      meetingType: colleagueType,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ meetingType: ['error.invalidValue'] });
  });
});

describe('who works on which calendar', () => {
  it('an assistant creates for the named therapist, needs one, and is refused one of another practice (404)', async () => {
    const day = freshDay();
    const slot = { appointmentStart: `${day} 12:00`, appointmentEnd: `${day} 13:00` };
    const created = await createSlot(t, team.assistant.cookie, { ...slot, therapistId: team.therapist.id });
    expect(created.therapistId).toBe(team.therapist.id);
    expect((await api(t, team.assistant.cookie, 'POST', '/appointment', slot)).statusCode).toBe(404);
    const foreign = await api(t, team.assistant.cookie, 'POST', '/appointment', {
      ...slot,
      therapistId: other.therapist.id,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignList = await api(t, team.assistant.cookie, 'GET', `/appointment?therapistIds=${other.therapist.id}`);
    expect(foreignList.statusCode).toBe(404);
    const foreignPractice = await api(t, team.assistant.cookie, 'POST', '/appointment', {
      ...slot,
      customerId: other.id,
      therapistId: team.therapist.id,
    });
    expect(foreignPractice.statusCode).toBe(404);
  });

  it('a therapist sees and changes only their own calendar; a colleague’s appointment answers 404', async () => {
    const day = freshDay();
    const colleagues = await createSlot(t, team.otherTherapist.cookie, {
      appointmentStart: `${day} 12:00`,
      appointmentEnd: `${day} 13:00`,
    });
    for (const [method, url, payload] of [
      ['GET', `/appointment/${colleagues.id}`, undefined],
      ['PATCH', `/appointment/${colleagues.id}`, { notes: 'fremd' }],
      ['DELETE', `/appointment/${colleagues.id}`, undefined],
      ['PATCH', `/appointment/${colleagues.id}/book`, bookingInput()],
    ] as const) {
      expect((await api(t, team.treatingOwner.cookie, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await api(t, team.therapist.cookie, 'GET', `/appointment?therapistIds=${team.otherTherapist.id}`);
    expect(list.statusCode).toBe(404);
    const own = (await api(t, team.therapist.cookie, 'GET', '/appointment?limit=1000')).json();
    expect(own.list.every((row: { therapistId: number }) => row.therapistId === team.therapist.id)).toBe(true);
    // The assistant sees the whole practice, or the selected therapist.
    const assistant = (
      await api(t, team.assistant.cookie, 'GET', `/appointment?therapistIds=${team.otherTherapist.id}&limit=0`)
    ).json();
    expect(assistant.list.map((row: { id: number }) => row.id)).toContain(colleagues.id);
    expect(assistant.list.every((row: { therapistId: number }) => row.therapistId === team.otherTherapist.id)).toBe(
      true,
    );
  });

  it('refuses roles without calendar access (403) and answers another practice’s appointment like a missing one', async () => {
    const admin = await createUser(t.database, { roles: Role.ADMIN });
    const adminCookie = await signIn(t.app, admin.email);
    for (const cookie of [team.owner.cookie, team.patientAccount.cookie, adminCookie]) {
      expect((await api(t, cookie, 'GET', '/appointment')).statusCode).toBe(403);
      expect((await api(t, cookie, 'POST', '/appointment', {})).statusCode).toBe(403);
    }
    const day = freshDay();
    const foreign = await createSlot(t, other.therapist.cookie, {
      appointmentStart: `${day} 09:00`,
      appointmentEnd: `${day} 10:00`,
    });
    const foreignAnswer = await api(t, team.assistant.cookie, 'GET', `/appointment/${foreign.id}`);
    const missingAnswer = await api(t, team.assistant.cookie, 'GET', '/appointment/2000000000');
    expect(foreignAnswer.statusCode).toBe(404);
    expect(foreignAnswer.json()).toEqual(missingAnswer.json());
  });
});

describe('GET /appointment filters and paging', () => {
  it('filters by time, state, client, client name and type, and pages with {list,maxItems,currentPage,limit}', async () => {
    const day = freshDay();
    const typeId = await defaultTypeId(t, team.therapist.id);
    const first = await createSlot(t, team.therapist.cookie, { appointmentStart: `${day} 08:00`, meetingType: typeId });
    const second = await createSlot(t, team.therapist.cookie, {
      appointmentStart: `${day} 09:00`,
      appointmentEnd: `${day} 09:30`,
    });
    const booked = await api(
      t,
      team.therapist.cookie,
      'PATCH',
      `/appointment/${second.id}/book`,
      bookingInput({ lastName: 'Sonnenschein' }),
    );
    expect(booked.statusCode).toBe(200);
    const range = `appointmentStartFrom=${day}T00:00:00%2B01:00&appointmentStartTo=${day}T23:59:59%2B01:00`;
    const get = async (query: string) =>
      (await api(t, team.therapist.cookie, 'GET', `/appointment?${range}${query}`)).json();
    expect((await get('')).list.map((row: { id: number }) => row.id)).toEqual([first.id, second.id]);
    expect((await get('&state=taken')).list.map((row: { id: number }) => row.id)).toEqual([second.id]);
    expect((await get('&state=available,taken')).maxItems).toBe(2);
    expect((await get('&clientName=sonnen')).list.map((row: { id: number }) => row.id)).toEqual([second.id]);
    // The full name in either order, as the patient list finds it.
    for (const name of ['Paula Sonnenschein', 'Sonnenschein, Paula', 'sonnenschein paula']) {
      const found = await get(`&clientName=${encodeURIComponent(name)}`);
      expect(
        found.list.map((row: { id: number }) => row.id),
        name,
      ).toEqual([second.id]);
    }
    expect((await get(`&clientName=${encodeURIComponent('Paula Schmidt')}`)).list).toEqual([]);
    expect((await get(`&clientIds=${booked.json().clientId}`)).list).toHaveLength(1);
    expect((await get(`&meetingType=${typeId}`)).list.map((row: { id: number }) => row.id)).toEqual([first.id]);
    expect(await get('&limit=1&page=2')).toMatchObject({ maxItems: 2, currentPage: 2, limit: 1 });
    expect((await get('&limit=1&page=2')).list.map((row: { id: number }) => row.id)).toEqual([second.id]);
    expect((await get(`&customerIds=${other.id}`)).list).toEqual([]);
    const bad = await api(t, team.therapist.cookie, 'GET', '/appointment?state=gone');
    expect(bad.statusCode).toBe(422);
    // Reading a list with clients is audited.
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.resource, 'appointment'));
    expect(rows.some((row) => row.action === 'read' && row.actorUserId === team.therapist.id)).toBe(true);
  });
});

describe('PATCH /appointment/{id}', () => {
  it('edits an available or taken appointment; a moved one is reminded again', async () => {
    const day = freshDay();
    const slot = await createSlot(t, team.therapist.cookie, {
      appointmentStart: `${day} 08:00`,
      appointmentEnd: `${day} 09:00`,
    });
    const moved = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}`, {
      appointmentStart: `${day} 10:00`,
      notes: 'verschoben',
    });
    expect(moved.json()).toMatchObject({
      appointmentStart: `${day}T10:00:00+01:00`,
      appointmentEnd: `${day}T11:00:00+01:00`,
      notes: 'verschoben',
    });
    const untouched = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}`, { issue: 'Anliegen' });
    expect(untouched.json()).toMatchObject({ notes: 'verschoben', issue: 'Anliegen' });
    const multiDay = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}`, {
      appointmentStart: `${day} 23:30`,
    });
    expect(multiDay.statusCode).toBe(422);
    expect(multiDay.json()).toMatchObject({
      detail: 'Der Termin darf sich nicht über mehrere Tage erstrecken.',
      validationMessages: { appointmentEnd: ['error.appointmentMultipleDays'] },
    });
    const other = await createSlot(t, team.therapist.cookie, {
      appointmentStart: `${day} 12:00`,
      appointmentEnd: `${day} 13:00`,
    });
    const overlap = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${other.id}`, {
      appointmentStart: `${day} 10:30`,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe(ErrorCode.appointmentOverlaps);
  });

  it('moves taken ⇄ billable with complete fees; billed only through invoicing', async () => {
    // A past day: an appointment is billable only once it has ended.
    const day = pastDay();
    const slot = await createSlot(t, team.therapist.cookie, {
      appointmentStart: `${day} 08:00`,
      appointmentEnd: `${day} 09:00`,
    });
    const setState = (state: string, cookie = team.therapist.cookie) =>
      api(t, cookie, 'PATCH', `/appointment/${slot.id}`, { state });
    expect((await setState('billable')).json().code).toBe(ErrorCode.appointmentStateForbids);
    await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}/book`, bookingInput());
    const incomplete = await setState('billable');
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({
      code: ErrorCode.appointmentFeesIncomplete,
      detail: 'Rechnungspositionen unvollständig.',
    });
    await t.database.db.execute(
      // A coaching fee makes the fees complete (no GOÄ rate needed).
      (await import('drizzle-orm'))
        .sql`INSERT INTO appointment_fees (customer_id, appointment_id, coaching_title, coaching_amount_cents)
        VALUES (${team.id}, ${slot.id}, 'Coaching', 9000)`,
    );
    const billable = await setState('billable');
    expect(billable.json()).toMatchObject({
      state: 'billable',
      billing: { feesComplete: true, addressComplete: true },
    });
    const locked = await api(t, team.therapist.cookie, 'PATCH', `/appointment/${slot.id}`, { notes: 'zu spät' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe(ErrorCode.appointmentStateForbids);
    expect((await setState('billed')).json().code).toBe(ErrorCode.appointmentBilledByInvoiceOnly);
    expect((await setState('taken')).json().state).toBe('taken');
  });
});
