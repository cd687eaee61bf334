import { ErrorCode, toPracticeIsoDateTime } from '@praxia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import {
  addSlot,
  addType,
  asGuest,
  hoursFromNow,
  keyPaths,
  type WidgetCalendarFixture,
  weekAhead,
  widgetCalendar,
  widgetUrl,
} from '../widget-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What a guest may see of the widget's answer: nothing of the calendar around the free slots. */
const ALLOWED_KEYS = [
  'therapist',
  'therapist.id',
  'therapist.title',
  'therapist.firstName',
  'therapist.lastName',
  'practice',
  'practice.id',
  'practice.name',
  'types',
  'types[].id',
  'types[].name',
  'types[].location',
  'types[].duration',
  'types[].insuranceType',
  'slots',
  'slots[].id',
  'slots[].appointmentStart',
  'slots[].appointmentEnd',
  'slots[].appointmentTypeId',
  'nextFreeAppointment',
  'nextFreeAppointment.id',
  'nextFreeAppointment.appointmentStart',
  'nextFreeAppointment.appointmentEnd',
  'nextFreeAppointment.appointmentTypeId',
];

const window = (from: Date, to: Date, extra: Record<string, string | number | undefined> = {}) => ({
  from: from.toISOString(),
  to: to.toISOString(),
  ...extra,
});

async function widget(calendar: WidgetCalendarFixture, query: Record<string, string | number | undefined>) {
  return asGuest(t, 'GET', widgetUrl(calendar, query));
}

const slotIds = (answer: { slots: { id: number }[] }) => answer.slots.map((slot) => slot.id);

describe('GET /appointment/widget', () => {
  it('answers the free slots of the window, the active types and the next free slot; nothing private', async () => {
    const calendar = await widgetCalendar(t);
    const type = await addType(t, calendar, { name: 'Erstgespräch', insuranceType: 'legally' });
    await addType(t, calendar, { name: 'Alt', deactivated: true });
    const week = weekAhead(2);
    const second = await addSlot(t, calendar, week.at(2, 9));
    const first = await addSlot(t, calendar, week.at(1, 9), { appointmentTypeId: type.id });
    // A booked slot with client data and a slot of the week after: neither is in the window's answer.
    await addSlot(t, calendar, week.at(3, 9), {
      state: 'taken',
      clientFirstName: 'Geheim',
      clientEmail: 'geheim@test.example.org',
      notes: 'Privat',
    });
    await addSlot(t, calendar, week.at(7, 9));
    const response = await widget(calendar, window(week.from, week.to));
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      therapist: { id: calendar.therapistId, title: null, firstName: 'Erika', lastName: 'Muster' },
      practice: { id: calendar.customerId, name: expect.any(String) },
      types: [{ id: type.id, name: 'Erstgespräch', location: 'onSite', duration: 50, insuranceType: 'legally' }],
      slots: [
        {
          id: first.id,
          appointmentStart: expect.stringMatching(/T09:00:00\+0[12]:00$/),
          appointmentEnd: expect.stringMatching(/T09:50:00\+0[12]:00$/),
          appointmentTypeId: type.id,
        },
        expect.objectContaining({ id: second.id, appointmentTypeId: null }),
      ],
      nextFreeAppointment: expect.objectContaining({ id: first.id }),
    });
    const unexpected = keyPaths(answer).filter((path) => !ALLOWED_KEYS.includes(path));
    expect(unexpected).toEqual([]);
    expect(response.body).not.toMatch(/Geheim|geheim@|Privat|@test\.example\.org|roles/);
  });

  it('clamps a past from to now and honours each type’s booking deadline', async () => {
    const calendar = await widgetCalendar(t);
    const none = await addType(t, calendar, { bookingDeadline: 'none' });
    const dayAhead = await addType(t, calendar, { bookingDeadline: 'P1D' });
    const past = await addSlot(t, calendar, hoursFromNow(-3));
    const soonUntyped = await addSlot(t, calendar, hoursFromNow(2));
    const soonDayType = await addSlot(t, calendar, hoursFromNow(5), { appointmentTypeId: dayAhead.id });
    const laterDayType = await addSlot(t, calendar, hoursFromNow(26), { appointmentTypeId: dayAhead.id });
    const soonNoneType = await addSlot(t, calendar, hoursFromNow(8), { appointmentTypeId: none.id });
    const from = new Date(Date.now() - 2 * DAY_MS);
    const to = new Date(Date.now() + 3 * DAY_MS);

    // Without a chosen type an untyped slot counts with the smallest deadline (none).
    const any = (await widget(calendar, window(from, to))).json();
    expect(slotIds(any)).toEqual([soonUntyped.id, soonNoneType.id, laterDayType.id]);
    expect(slotIds(any)).not.toContain(past.id);
    expect(slotIds(any)).not.toContain(soonDayType.id);
    expect(any.nextFreeAppointment.id).toBe(soonUntyped.id);

    // With the P1D type chosen: untyped slots count with its deadline; other types' slots are not offered.
    const chosen = (await widget(calendar, window(from, to, { appointmentTypeId: dayAhead.id }))).json();
    expect(slotIds(chosen)).toEqual([laterDayType.id]);
    expect(chosen.nextFreeAppointment.id).toBe(laterDayType.id);
  });

  it('filters types and slots by insurance (types for it or for any)', async () => {
    const calendar = await widgetCalendar(t);
    const anyInsurance = await addType(t, calendar, { name: 'A' });
    const privateOnly = await addType(t, calendar, { name: 'B', insuranceType: 'privately' });
    const week = weekAhead(1);
    const privateSlot = await addSlot(t, calendar, week.at(0, 10), { appointmentTypeId: privateOnly.id });
    const anySlot = await addSlot(t, calendar, week.at(0, 12), { appointmentTypeId: anyInsurance.id });
    const untyped = await addSlot(t, calendar, week.at(0, 14));

    const legally = (await widget(calendar, window(week.from, week.to, { insuranceType: 'legally' }))).json();
    expect(legally.types.map((type: { id: number }) => type.id)).toEqual([anyInsurance.id]);
    expect(slotIds(legally)).toEqual([anySlot.id, untyped.id]);

    const privately = (await widget(calendar, window(week.from, week.to, { insuranceType: 'privately' }))).json();
    expect(privately.types.map((type: { id: number }) => type.id)).toEqual([anyInsurance.id, privateOnly.id]);
    expect(slotIds(privately)).toEqual([privateSlot.id, anySlot.id, untyped.id]);
  });

  it('leaves out slots of a deactivated type and offers nothing when no type is active', async () => {
    const calendar = await widgetCalendar(t);
    const old = await addType(t, calendar, { deactivated: true });
    const week = weekAhead(1);
    await addSlot(t, calendar, week.at(1, 10), { appointmentTypeId: old.id });
    await addSlot(t, calendar, week.at(1, 12));
    const answer = (await widget(calendar, window(week.from, week.to))).json();
    expect(answer).toMatchObject({ types: [], slots: [], nextFreeAppointment: null });
  });

  it('finds the next free slot beyond an empty window, within the horizon only', async () => {
    const calendar = await widgetCalendar(t);
    await addType(t, calendar);
    const week = weekAhead(1);
    const far = weekAhead(20);
    const next = await addSlot(t, calendar, far.at(3, 8));
    const answer = (await widget(calendar, window(week.from, week.to))).json();
    expect(answer.slots).toEqual([]);
    expect(answer.nextFreeAppointment).toMatchObject({ id: next.id });

    const beyond = await widgetCalendar(t);
    await addType(t, beyond);
    await addSlot(t, beyond, new Date(Date.now() + 370 * DAY_MS));
    expect((await widget(beyond, window(week.from, week.to))).json().nextFreeAppointment).toBeNull();
  });

  it('serves a week with a daylight-saving change whole: Monday 00:00 to Monday 00:00 German time', async () => {
    const calendar = await widgetCalendar(t);
    await addType(t, calendar);
    let week = weekAhead(1);
    for (let ahead = 1; week.to.getTime() - week.from.getTime() === 168 * HOUR_MS; ahead++) week = weekAhead(ahead);
    const mondayFirst = await addSlot(t, calendar, week.at(0, 0));
    const sundayLate = await addSlot(t, calendar, week.at(6, 23));
    await addSlot(t, calendar, week.at(7, 0)); // the next Monday 00:00 belongs to the next week
    const answer = (await widget(calendar, window(week.from, week.to))).json();
    expect(slotIds(answer)).toEqual([mondayFirst.id, sundayLate.id]);
    expect(answer.slots[0].appointmentStart).toMatch(/T00:00:00\+0[12]:00$/);
    expect(answer.slots[1].appointmentStart).toMatch(/T23:00:00\+0[12]:00$/);
  });

  it('writes each time exactly as the rest of the API does: the German wall clock, its offset, whole seconds', async () => {
    const calendar = await widgetCalendar(t);
    await addType(t, calendar);
    const week = weekAhead(2);
    const slots = [
      await addSlot(t, calendar, week.at(1, 9)),
      await addSlot(t, calendar, new Date(week.at(2, 14).getTime() + 30_500)),
    ];
    const answer = (await widget(calendar, window(week.from, week.to))).json();
    expect(
      answer.slots.map((slot: { appointmentStart: string; appointmentEnd: string }) => slot.appointmentStart),
    ).toEqual(slots.map((slot) => toPracticeIsoDateTime(slot.startsAt)));
    expect(answer.slots.map((slot: { appointmentEnd: string }) => slot.appointmentEnd)).toEqual(
      slots.map((slot) => toPracticeIsoDateTime(slot.endsAt)),
    );
    expect(answer.slots[1].appointmentStart).toMatch(/T14:00:30\+0[12]:00$/);
  });
});

describe('GET /appointment/widget refuses', () => {
  it('windows longer than 14 days or ending before they start (422 on to)', async () => {
    const calendar = await widgetCalendar(t);
    const from = new Date(Date.now() + DAY_MS);
    for (const to of [new Date(from.getTime() + 14 * DAY_MS + 60_000), from, new Date(from.getTime() - DAY_MS)]) {
      const response = await widget(calendar, window(from, to));
      expect(response.statusCode, to.toISOString()).toBe(422);
      expect(response.json().validationMessages).toEqual({ to: ['error.invalidValue'] });
    }
    expect((await widget(calendar, window(from, new Date(from.getTime() + 14 * DAY_MS)))).statusCode).toBe(200);
  });

  it('missing and malformed parameters with the field named (422)', async () => {
    const calendar = await widgetCalendar(t);
    const week = weekAhead(1);
    const cases: [Record<string, string | number | undefined>, string][] = [
      [{ ...window(week.from, week.to), therapistId: undefined }, 'therapistId'],
      [{ ...window(week.from, week.to), customerId: 'abc' }, 'customerId'],
      [{ from: undefined, to: week.to.toISOString() }, 'from'],
      [{ from: week.from.toISOString(), to: '31.02.2027' }, 'to'],
      [{ ...window(week.from, week.to), insuranceType: 'gesetzlich' }, 'insuranceType'],
    ];
    for (const [query, field] of cases) {
      const response = await widget(calendar, query);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().validationMessages), field).toContain(field);
    }
  });

  it('a type that is not an active type of this calendar (422 on appointmentTypeId)', async () => {
    const calendar = await widgetCalendar(t);
    const other = await widgetCalendar(t);
    const foreign = await addType(t, other);
    const week = weekAhead(1);
    const response = await widget(calendar, window(week.from, week.to, { appointmentTypeId: foreign.id }));
    expect(response.statusCode).toBe(422);
    expect(response.json().validationMessages).toEqual({ appointmentTypeId: ['error.invalidValue'] });
  });

  it('unknown ids, another practice’s therapist and closed practices alike (404); a trial practice’s widget works', async () => {
    const calendar = await widgetCalendar(t);
    const other = await widgetCalendar(t);
    const week = weekAhead(1);
    const query = window(week.from, week.to);
    const notFound = [
      { ...query, therapistId: 2147483000 },
      { ...query, customerId: 2147483000 },
      { ...query, customerId: other.customerId },
    ];
    for (const variant of notFound) {
      const response = await widget(calendar, variant);
      expect(response.statusCode, JSON.stringify(variant)).toBe(404);
      expect(response.json()).toMatchObject({ code: ErrorCode.notFound, detail: 'Therapist not found' });
    }
    const closed = [
      { deactivated: true },
      { status: 'canceled' as const },
      { deletedAt: new Date() },
      { trialExpiresAt: new Date(Date.now() - DAY_MS) },
    ];
    for (const practice of closed) {
      const shut = await widgetCalendar(t, practice);
      expect((await widget(shut, query)).statusCode, JSON.stringify(practice)).toBe(404);
    }
    const trial = await widgetCalendar(t, { trialExpiresAt: new Date(Date.now() + 7 * DAY_MS) });
    expect((await widget(trial, query)).statusCode).toBe(200);
  });
});

describe('GET /appointment/widget rate limit', () => {
  it('answers 429 beyond 120 calls a minute per network', async () => {
    const limited = await createTestApp({ rateLimitScale: 0.05 });
    try {
      const calendar = await widgetCalendar(limited);
      const week = weekAhead(1);
      const url = widgetUrl(calendar, window(week.from, week.to));
      const statuses: number[] = [];
      for (let call = 0; call < 7; call++) {
        statuses.push((await limited.app.inject({ method: 'GET', url })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
