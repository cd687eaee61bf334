import type { WidgetSlot } from '@praxia/shared/appointments/widget-schemas';
import { toPracticeIsoDate } from '@praxia/shared/dates';
import { describe, expect, it } from 'vitest';
import {
  canShowPreviousWeek,
  firstWeek,
  forwardWeek,
  groupSlotsByDay,
  stepWeek,
  weekStartOf,
  weekWindow,
} from './week';

const HOUR = 3_600_000;
const slot = (id: number, start: string): WidgetSlot => ({
  id,
  appointmentStart: start,
  appointmentEnd: new Date(new Date(start).getTime() + HOUR).toISOString(),
  appointmentTypeId: null,
});

describe('weekStartOf', () => {
  it('is Monday 00:00 German time, whatever the day and the zone of the instant', () => {
    // Wednesday 15.04.2026 10:00 CEST.
    expect(weekStartOf('2026-04-15T08:00:00Z').toISOString()).toBe('2026-04-12T22:00:00.000Z');
    // Sunday 19.04.2026 23:30 CEST is still that week (UTC already says 21:30 Sunday).
    expect(weekStartOf('2026-04-19T21:30:00Z').toISOString()).toBe('2026-04-12T22:00:00.000Z');
    // Monday 20.04.2026 00:30 CEST starts the next week, though UTC still says Sunday.
    expect(weekStartOf('2026-04-19T22:30:00Z').toISOString()).toBe('2026-04-19T22:00:00.000Z');
  });
});

describe('weekWindow', () => {
  it('spans Monday to the next Monday with the German offsets of each end', () => {
    expect(weekWindow(weekStartOf('2026-04-15T08:00:00Z'))).toEqual({
      from: '2026-04-13T00:00:00+02:00',
      to: '2026-04-20T00:00:00+02:00',
    });
  });

  it('keeps seven whole days in the week the clocks go forward (167 hours)', () => {
    // Summer time begins on Sunday 29.03.2026.
    const start = weekStartOf('2026-03-25T12:00:00Z');
    const { from, to } = weekWindow(start);
    expect(from).toBe('2026-03-23T00:00:00+01:00');
    expect(to).toBe('2026-03-30T00:00:00+02:00');
    expect((new Date(to).getTime() - new Date(from).getTime()) / HOUR).toBe(167);
  });

  it('keeps seven whole days in the week the clocks go back (169 hours)', () => {
    // Summer time ends on Sunday 25.10.2026.
    const { from, to } = weekWindow(weekStartOf('2026-10-21T12:00:00Z'));
    expect(from).toBe('2026-10-19T00:00:00+02:00');
    expect(to).toBe('2026-10-26T00:00:00+01:00');
    expect((new Date(to).getTime() - new Date(from).getTime()) / HOUR).toBe(169);
  });
});

describe('stepWeek', () => {
  it('steps 7 calendar days to the next and previous Monday midnight, across clock changes', () => {
    const before = weekStartOf('2026-03-18T12:00:00Z');
    expect(stepWeek(before, 1).toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(stepWeek(before, 2).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(stepWeek(stepWeek(before, 2), -2).toISOString()).toBe(before.toISOString());
  });
});

describe('canShowPreviousWeek', () => {
  const now = new Date('2026-04-15T08:00:00Z');
  it('is false for the current week and true for any later one', () => {
    const current = weekStartOf(now);
    expect(canShowPreviousWeek(current, now)).toBe(false);
    expect(canShowPreviousWeek(stepWeek(current, 1), now)).toBe(true);
  });
});

describe('groupSlotsByDay', () => {
  it('gives Monday to Sunday, each with its slots by start', () => {
    const start = weekStartOf('2026-04-15T08:00:00Z');
    const days = groupSlotsByDay(
      [slot(2, '2026-04-13T09:00:00Z'), slot(1, '2026-04-13T07:00:00Z'), slot(3, '2026-04-17T12:00:00Z')],
      start,
    );
    expect(days.map((day) => day.isoDate)).toEqual([
      '2026-04-13',
      '2026-04-14',
      '2026-04-15',
      '2026-04-16',
      '2026-04-17',
      '2026-04-18',
      '2026-04-19',
    ]);
    expect(days[0]?.slots.map((s) => s.id)).toEqual([1, 2]);
    expect(days[4]?.slots.map((s) => s.id)).toEqual([3]);
    expect(days[1]?.slots).toEqual([]);
  });

  it('puts a slot on the German day it starts on, and leaves out slots of other weeks', () => {
    const start = weekStartOf('2026-04-15T08:00:00Z');
    const days = groupSlotsByDay(
      [
        slot(1, '2026-04-19T21:30:00Z'), // Sunday 23:30 CEST
        slot(2, '2026-04-12T21:30:00Z'), // Sunday before, 23:30
        slot(3, '2026-04-19T22:15:00Z'), // next Monday 00:15
      ],
      start,
    );
    expect(days[6]?.slots.map((s) => s.id)).toEqual([1]);
    expect(days.flatMap((day) => day.slots).map((s) => s.id)).toEqual([1]);
  });

  it('has seven distinct days in the week the clocks go back', () => {
    const days = groupSlotsByDay([slot(1, '2026-10-25T23:30:00Z')], weekStartOf('2026-10-21T12:00:00Z'));
    expect(new Set(days.map((day) => day.isoDate)).size).toBe(7);
    expect(days[6]?.isoDate).toBe('2026-10-25');
    // 23:30 UTC on the 25th is 00:30 CET on Monday the 26th: the next week.
    expect(days.flatMap((day) => day.slots)).toEqual([]);
  });
});

describe('firstWeek', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('opens on the current week without a linked date', () => {
    expect(toPracticeIsoDate(firstWeek(null, now))).toBe('2026-11-23');
  });
  it("opens on the linked slot's week (Monday to Sunday)", () => {
    expect(toPracticeIsoDate(firstWeek('2026-12-13', now))).toBe('2026-12-07');
    expect(toPracticeIsoDate(firstWeek('2026-12-14', now))).toBe('2026-12-14');
  });
  it('never opens before the current week', () => {
    expect(toPracticeIsoDate(firstWeek('2026-10-01', now))).toBe('2026-11-23');
  });
});

describe('forwardWeek', () => {
  // Friday 27.11.2026 afternoon: the week of 23.11. has no free slot left.
  const shown = weekStartOf('2026-11-27T14:00:00Z');
  const answer = (slots: WidgetSlot[], next: WidgetSlot | null) => ({ slots, nextFreeAppointment: next });

  it("moves an empty week on to the next free slot's week, over empty weeks in between", () => {
    expect(toPracticeIsoDate(forwardWeek(shown, answer([], slot(1, '2026-11-30T09:00:00Z'))) as Date)).toBe(
      '2026-11-30',
    );
    // Sunday 20.12.2026 23:30 German time is still the week of 14.12.
    expect(toPracticeIsoDate(forwardWeek(shown, answer([], slot(2, '2026-12-20T22:30:00Z'))) as Date)).toBe(
      '2026-12-14',
    );
  });

  it('stays on a week with a free slot', () => {
    const free = slot(1, '2026-11-27T15:00:00Z');
    expect(forwardWeek(shown, answer([free], free))).toBeNull();
    expect(forwardWeek(stepWeek(shown, 1), answer([slot(3, '2026-12-01T09:00:00Z')], free))).toBeNull();
  });

  it('stays when nothing is free within the horizon, or the next free slot lies before the shown week', () => {
    expect(forwardWeek(shown, answer([], null))).toBeNull();
    // Shown later than the next free slot (the visitor went ahead, or a link named a later week): never backwards.
    expect(forwardWeek(stepWeek(shown, 2), answer([], slot(1, '2026-11-30T09:00:00Z')))).toBeNull();
  });
});
