import { describe, expect, it } from 'vitest';
import { formatPracticeDateTime, isSamePracticeDay, startOfPracticeWeek } from './dates.js';
import { atPracticeMinutes, parseFormDateTime, practiceMinutesOfDay, practiceWeekDays } from './practice-week.js';

describe('practice weeks (appointments §2.2, §9)', () => {
  it('starts on Monday 00:00 Berlin time, also late on Sunday evening (UTC already Monday)', () => {
    // Sunday 29.11.2026 23:30 in Berlin is Sunday 22:30 UTC: still the week of Monday 23.11.
    expect(formatPracticeDateTime(startOfPracticeWeek(new Date('2026-11-29T22:30:00Z')))).toBe('23.11.2026 00:00');
    // Monday 30.11.2026 00:15 Berlin is Sunday 23:15 UTC: already the next week.
    expect(formatPracticeDateTime(startOfPracticeWeek(new Date('2026-11-29T23:15:00Z')))).toBe('30.11.2026 00:00');
  });

  it('has seven local midnights across the change to summer time', () => {
    const days = practiceWeekDays(startOfPracticeWeek(new Date('2027-03-25T12:00:00Z')));
    expect(days.map((day) => formatPracticeDateTime(day))).toEqual([
      '22.03.2027 00:00',
      '23.03.2027 00:00',
      '24.03.2027 00:00',
      '25.03.2027 00:00',
      '26.03.2027 00:00',
      '27.03.2027 00:00',
      '28.03.2027 00:00',
    ]);
  });

  it('places 07:00 at 7 × 60 minutes on the day the clocks change, both ways', () => {
    const spring = atPracticeMinutes(new Date('2027-03-28T10:00:00Z'), 7 * 60);
    expect(spring.toISOString()).toBe('2027-03-28T05:00:00.000Z');
    expect(practiceMinutesOfDay(spring)).toBe(420);
    const autumn = atPracticeMinutes(new Date('2026-10-25T10:00:00Z'), 7 * 60);
    expect(autumn.toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(practiceMinutesOfDay(autumn)).toBe(420);
  });

  it('reads DD.MM.YYYY HH:mm as Berlin time and refuses what does not exist', () => {
    expect(parseFormDateTime('25.11.2026 07:30')?.toISOString()).toBe('2026-11-25T06:30:00.000Z');
    expect(parseFormDateTime('01.07.2026 07:30')?.toISOString()).toBe('2026-07-01T05:30:00.000Z');
    expect(parseFormDateTime('31.02.2026 10:00')).toBeNull();
    expect(parseFormDateTime('28.03.2027 02:30')).toBeNull();
    expect(parseFormDateTime('25.11.2026 24:00')).toBeNull();
    expect(parseFormDateTime('2026-11-25 10:00')).toBeNull();
    expect(parseFormDateTime('25.11.2026')).toBeNull();
  });

  it('compares calendar days in Berlin, not in UTC', () => {
    expect(isSamePracticeDay('2026-11-25T23:30:00Z', '2026-11-26T08:00:00Z')).toBe(true);
    expect(isSamePracticeDay('2026-11-25T22:59:00Z', '2026-11-25T23:00:00Z')).toBe(false);
  });
});
