import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  addPracticeDays,
  addPracticeMonths,
  formatPracticeDate,
  formatPracticeDateTime,
  practiceCalendarDaysBetween,
  toPracticeIsoDate,
} from './dates.js';

describe('practice dates (Europe/Berlin)', () => {
  it('adds a month without skipping the short month: 31 January becomes the end of February', () => {
    expect(toPracticeIsoDate(addPracticeMonths(new Date('2027-01-31T10:00:00+01:00'), 1))).toBe('2027-02-28');
    expect(toPracticeIsoDate(addPracticeMonths(new Date('2028-01-31T10:00:00+01:00'), 1))).toBe('2028-02-29');
    expect(toPracticeIsoDate(addPracticeMonths(new Date('2026-11-24T12:00:00+01:00'), 1))).toBe('2026-12-24');
  });

  it('keeps the wall-clock time when 14 days cross the end of daylight saving time', () => {
    // 20 October 2026, 15:00 summer time; daylight saving ends on 25 October.
    const start = new Date('2026-10-20T15:00:00+02:00');
    const end = addPracticeDays(start, 14);
    expect(end.toISOString()).toBe('2026-11-03T14:00:00.000Z'); // 15:00 winter time
    expect(end.getTime() - start.getTime()).toBe(14 * 86_400_000 + 3_600_000);
  });

  it('adds days by the zone’s offsets exactly as the calendar arithmetic does, also next to both changes of time', () => {
    const byCalendar = (instant: Date, days: number) => new Date(addDays(new TZDate(instant, 'Europe/Berlin'), days));
    const differences: string[] = [];
    const compare = (ms: number, days: number) => {
      const start = new Date(ms);
      if (addPracticeDays(start, days).getTime() !== byCalendar(start, days).getTime()) {
        differences.push(`${start.toISOString()} + ${days}`);
      }
    };
    const spans = [-7, -1, 1, 2, 3, 7, 14, 180];
    // Across 2026 in steps of 7 h 13 min, so every hour of the day and many minutes come round.
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 433 * 60_000) {
      for (const days of spans) compare(ms, days);
    }
    // Every 5 minutes of the two days around each change of time, reached from before and after it.
    for (const change of [Date.parse('2026-03-29T01:00:00Z'), Date.parse('2026-10-25T01:00:00Z')]) {
      for (const days of spans) {
        const around = change - days * 86_400_000;
        for (let ms = around - 86_400_000; ms < around + 86_400_000; ms += 5 * 60_000) compare(ms, days);
      }
    }
    expect(differences).toEqual([]);
  });

  it('keeps the wall-clock time when days cross the start of daylight saving time', () => {
    const start = new Date('2027-03-25T07:00:00+01:00');
    expect(addPracticeDays(start, 7).toISOString()).toBe('2027-04-01T05:00:00.000Z'); // 07:00 summer time
  });

  it('counts calendar days in German time, not in UTC', () => {
    // 23:30 in Berlin on 1 March is still 1 March there, but 2 March is 30 minutes later.
    expect(practiceCalendarDaysBetween('2027-03-01T22:00:00Z', '2027-03-01T23:30:00Z')).toBe(1);
    expect(practiceCalendarDaysBetween('2027-03-01T08:00:00Z', '2027-03-01T20:00:00Z')).toBe(0);
    expect(practiceCalendarDaysBetween('2027-03-05T08:00:00Z', '2027-03-01T08:00:00Z')).toBe(-4);
  });

  it('formats dates as DD.MM.YYYY in German time', () => {
    expect(formatPracticeDate('2026-12-31T23:30:00Z')).toBe('01.01.2027');
    expect(formatPracticeDateTime('2026-07-01T05:00:00Z')).toBe('01.07.2026 07:00');
    expect(toPracticeIsoDate('2026-12-31T23:30:00Z')).toBe('2027-01-01');
  });
});

describe('appointment date-times', () => {
  it('writes instants with the German offset', async () => {
    const { toPracticeIsoDateTime } = await import('./dates.js');
    expect(toPracticeIsoDateTime('2026-03-30T05:00:00Z')).toBe('2026-03-30T07:00:00+02:00');
    expect(toPracticeIsoDateTime('2026-01-30T06:00:30Z')).toBe('2026-01-30T07:00:30+01:00');
  });

  it('switches the offset exactly at the daylight-saving changes', async () => {
    const { toPracticeIsoDateTime } = await import('./dates.js');
    expect(toPracticeIsoDateTime('2026-03-29T00:59:59Z')).toBe('2026-03-29T01:59:59+01:00');
    expect(toPracticeIsoDateTime('2026-03-29T01:00:00Z')).toBe('2026-03-29T03:00:00+02:00');
    expect(toPracticeIsoDateTime('2026-10-25T00:59:59Z')).toBe('2026-10-25T02:59:59+02:00');
    expect(toPracticeIsoDateTime('2026-10-25T01:00:00Z')).toBe('2026-10-25T02:00:00+01:00');
  });

  it('reads ISO with an offset as that instant and without one as German wall-clock time', async () => {
    const { parsePracticeDateTime } = await import('./dates.js');
    expect(parsePracticeDateTime('2026-03-30 07:00:00')?.toISOString()).toBe('2026-03-30T05:00:00.000Z');
    expect(parsePracticeDateTime('2026-01-30T07:00')?.toISOString()).toBe('2026-01-30T06:00:00.000Z');
    expect(parsePracticeDateTime('2026-03-30T07:00:00Z')?.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(parsePracticeDateTime('2026-02-31 07:00')).toBeNull();
    expect(parsePracticeDateTime('30.03.2026 07:00')).toBeNull();
    expect(parsePracticeDateTime('2026-03-30 24:00')).toBeNull();
  });
});
