import { describe, expect, it } from 'vitest';
import { BOOKING_DEADLINES, type BookingDeadline } from './type-schemas.js';
import {
  bookableTypes,
  clampWidgetFrom,
  earliestBookableStart,
  isSlotBookable,
  lastBookableMoment,
  slotBounds,
  type WidgetTypeLike,
  widgetWeekWindow,
  widgetWindowProblem,
} from './widget-slots.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso);

describe('earliestBookableStart', () => {
  // A Tuesday in May: no clock change within a week, so a day is 24 hours.
  const now = at('2026-05-12T10:00:00+02:00');
  const expected: Record<BookingDeadline, number> = {
    none: 0,
    PT2H: 2 * HOUR,
    PT6H: 6 * HOUR,
    PT12H: 12 * HOUR,
    PT16H: 16 * HOUR,
    P1D: DAY,
    P2D: 2 * DAY,
    P3D: 3 * DAY,
    P7D: 7 * DAY,
  };

  it.each(BOOKING_DEADLINES)('%s lies exactly its span after now', (deadline) => {
    expect(earliestBookableStart(now, deadline).getTime() - now.getTime()).toBe(expected[deadline]);
  });

  it('counts days on the German wall clock across the spring change (P1D from Saturday 10:00 is Sunday 10:00)', () => {
    const saturday = at('2026-03-28T10:00:00+01:00');
    expect(earliestBookableStart(saturday, 'P1D').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(earliestBookableStart(saturday, 'PT16H').getTime() - saturday.getTime()).toBe(16 * HOUR);
  });

  it('counts days on the German wall clock across the autumn change (P7D keeps 10:00)', () => {
    const thursday = at('2026-10-22T10:00:00+02:00');
    expect(earliestBookableStart(thursday, 'P7D').toISOString()).toBe('2026-10-29T09:00:00.000Z');
  });
});

describe('lastBookableMoment', () => {
  // Starts on ordinary days, on both clock-change nights (02:30 does not exist on 29.03.2026, 02:30 happens twice on
  // 25.10.2026) and on the days after them.
  const starts = [
    '2026-05-14T09:00:00+02:00',
    '2026-03-29T01:30:00+01:00',
    '2026-03-29T03:30:00+02:00',
    '2026-03-30T02:30:00+02:00',
    '2026-10-25T02:30:00+02:00',
    '2026-10-25T02:30:00+01:00',
    '2026-10-26T02:30:00+01:00',
    '2026-11-01T00:00:00+01:00',
  ].map(at);

  it.each(BOOKING_DEADLINES)('%s: the slot is bookable up to that moment and no longer a minute after', (deadline) => {
    for (const start of starts) {
      const last = lastBookableMoment(start, deadline);
      expect(earliestBookableStart(last, deadline).getTime()).toBeLessThanOrEqual(start.getTime());
      // Never more than the daylight-saving hour before the true last moment.
      const later = new Date(last.getTime() + HOUR + 60_000);
      expect(earliestBookableStart(later, deadline).getTime()).toBeGreaterThan(start.getTime());
    }
  });

  it('is exact on an ordinary day: one calendar day before for P1D, twelve hours before for PT12H', () => {
    const start = at('2026-05-14T09:00:00+02:00');
    expect(lastBookableMoment(start, 'P1D').toISOString()).toBe('2026-05-13T07:00:00.000Z');
    expect(lastBookableMoment(start, 'PT12H').toISOString()).toBe('2026-05-13T19:00:00.000Z');
    expect(lastBookableMoment(start, 'none')).toEqual(start);
  });
});

describe('clampWidgetFrom', () => {
  const now = at('2026-05-12T10:00:00+02:00');
  it('moves a past from to now', () => {
    expect(clampWidgetFrom(at('2026-05-11T00:00:00+02:00'), now)).toEqual(now);
  });
  it('keeps a future from', () => {
    const later = at('2026-05-13T00:00:00+02:00');
    expect(clampWidgetFrom(later, now)).toEqual(later);
  });
});

describe('widgetWindowProblem', () => {
  const from = at('2026-05-11T00:00:00+02:00');
  it('accepts up to 14 days', () => {
    expect(widgetWindowProblem(from, new Date(from.getTime() + 14 * DAY))).toBeNull();
  });
  it('refuses longer windows and windows that end before they start', () => {
    expect(widgetWindowProblem(from, new Date(from.getTime() + 14 * DAY + 1))).toBe('tooLong');
    expect(widgetWindowProblem(from, from)).toBe('toBeforeFrom');
    expect(widgetWindowProblem(from, new Date(from.getTime() - 1))).toBe('toBeforeFrom');
  });
  it('accepts the 169-hour week of the autumn change', () => {
    const week = widgetWeekWindow(at('2026-10-25T12:00:00+01:00'));
    expect(widgetWindowProblem(week.from, week.to)).toBeNull();
  });
});

describe('widgetWeekWindow (Monday to Sunday, German time)', () => {
  it('runs from Monday 00:00 to the next Monday 00:00 for any instant of the week', () => {
    for (const instant of ['2026-05-11T00:00:00+02:00', '2026-05-13T15:30:00+02:00', '2026-05-17T23:59:00+02:00']) {
      const week = widgetWeekWindow(at(instant));
      expect(week.from.toISOString(), instant).toBe('2026-05-10T22:00:00.000Z');
      expect(week.to.toISOString(), instant).toBe('2026-05-17T22:00:00.000Z');
    }
  });

  it('puts Sunday 23:30 German time (21:30 UTC) into its own week', () => {
    const week = widgetWeekWindow(at('2026-05-17T21:30:00Z'));
    expect(week.from.toISOString()).toBe('2026-05-10T22:00:00.000Z');
  });

  it('has 167 hours in the week of the last Sunday of March', () => {
    const week = widgetWeekWindow(at('2026-03-29T12:00:00+02:00'));
    expect(week.from.toISOString()).toBe('2026-03-22T23:00:00.000Z'); // Monday 23.03. 00:00 winter time
    expect(week.to.toISOString()).toBe('2026-03-29T22:00:00.000Z'); // Monday 30.03. 00:00 summer time
    expect(week.to.getTime() - week.from.getTime()).toBe(167 * HOUR);
  });

  it('has 169 hours in the week of the last Sunday of October', () => {
    const week = widgetWeekWindow(at('2026-10-21T09:00:00+02:00'));
    expect(week.from.toISOString()).toBe('2026-10-18T22:00:00.000Z'); // Monday 19.10. 00:00 summer time
    expect(week.to.toISOString()).toBe('2026-10-25T23:00:00.000Z'); // Monday 26.10. 00:00 winter time
    expect(week.to.getTime() - week.from.getTime()).toBe(169 * HOUR);
  });
});

const type = (id: number, values: Partial<WidgetTypeLike> = {}): WidgetTypeLike => ({
  id,
  insuranceType: null,
  bookingDeadline: 'none',
  deactivated: false,
  ...values,
});

describe('bookableTypes', () => {
  const types = [
    type(1),
    type(2, { insuranceType: 'privately' }),
    type(3, { insuranceType: 'legally' }),
    type(4, { deactivated: true }),
  ];
  const ids = (list: WidgetTypeLike[]) => list.map((t) => t.id);

  it('leaves out deactivated types', () => {
    expect(ids(bookableTypes(types, {}))).toEqual([1, 2, 3]);
  });
  it('keeps the types of the insurance and those for any insurance', () => {
    expect(ids(bookableTypes(types, { insuranceType: 'privately' }))).toEqual([1, 2]);
    expect(ids(bookableTypes(types, { insuranceType: 'legally' }))).toEqual([1, 3]);
  });
  it('keeps only the chosen type, and none when it does not fit the insurance or is deactivated', () => {
    expect(ids(bookableTypes(types, { appointmentTypeId: 2 }))).toEqual([2]);
    expect(ids(bookableTypes(types, { appointmentTypeId: 2, insuranceType: 'legally' }))).toEqual([]);
    expect(ids(bookableTypes(types, { appointmentTypeId: 4 }))).toEqual([]);
  });
});

describe('isSlotBookable', () => {
  const now = at('2026-05-12T10:00:00+02:00');
  const slot = (hoursAhead: number, appointmentTypeId: number | null, state = 'available') => ({
    startsAt: new Date(now.getTime() + hoursAhead * HOUR),
    appointmentTypeId,
    state,
  });
  const types = [type(1, { bookingDeadline: 'P1D' }), type(2, { bookingDeadline: 'PT6H' })];

  it("holds a typed slot to its own type's deadline", () => {
    const bounds = slotBounds(types, now);
    expect(isSlotBookable(slot(23, 1), bounds)).toBe(false);
    expect(isSlotBookable(slot(24, 1), bounds)).toBe(true);
    expect(isSlotBookable(slot(6, 2), bounds)).toBe(true);
    expect(isSlotBookable(slot(5.9, 2), bounds)).toBe(false);
  });

  it('holds an untyped slot to the smallest deadline without a chosen type, to the chosen one with it', () => {
    expect(isSlotBookable(slot(6, null), slotBounds(types, now))).toBe(true);
    const chosen = slotBounds(bookableTypes(types, { appointmentTypeId: 1 }), now);
    expect(isSlotBookable(slot(6, null), chosen)).toBe(false);
    expect(isSlotBookable(slot(24, null), chosen)).toBe(true);
  });

  it('refuses a slot whose type is not bookable (another chosen, deactivated), taken slots and past slots', () => {
    const chosen = slotBounds(bookableTypes(types, { appointmentTypeId: 1 }), now);
    expect(isSlotBookable(slot(48, 2), chosen)).toBe(false);
    expect(isSlotBookable(slot(48, 9), slotBounds(types, now))).toBe(false);
    expect(isSlotBookable(slot(48, 1, 'taken'), slotBounds(types, now))).toBe(false);
    expect(isSlotBookable(slot(-1, null), slotBounds([type(3)], now))).toBe(false);
    expect(isSlotBookable(slot(0, null), slotBounds([type(3)], now))).toBe(true);
  });

  it('finds nothing bookable without a bookable type', () => {
    const bounds = slotBounds([], now);
    expect(bounds.untyped).toBeNull();
    expect(isSlotBookable(slot(48, null), bounds)).toBe(false);
  });
});
