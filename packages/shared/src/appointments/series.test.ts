import { describe, expect, it } from 'vitest';
import { formatPracticeDateTime } from '../dates.js';
import { generateSeries } from './series.js';

const slot = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

describe('series generation in German time', () => {
  it('keeps a weekly 07:00 slot at 07:00 across the start of summer time (last Sunday of March)', () => {
    const members = generateSeries(slot('2026-03-23T07:00:00+01:00', '2026-03-23T07:50:00+01:00'), 'P1W', 3);
    expect(members.map((member) => formatPracticeDateTime(member.start))).toEqual([
      '23.03.2026 07:00',
      '30.03.2026 07:00',
      '06.04.2026 07:00',
    ]);
    expect(members[1]?.start.toISOString()).toBe('2026-03-30T05:00:00.000Z');
    expect(members.every((member) => member.end.getTime() - member.start.getTime() === 50 * 60_000)).toBe(true);
  });

  it('keeps it at 07:00 across the end of summer time (last Sunday of October)', () => {
    const members = generateSeries(slot('2026-10-19T07:00:00+02:00', '2026-10-19T08:00:00+02:00'), 'P1W', 2);
    expect(members.map((member) => formatPracticeDateTime(member.start))).toEqual([
      '19.10.2026 07:00',
      '26.10.2026 07:00',
    ]);
    expect(members[1]?.start.toISOString()).toBe('2026-10-26T06:00:00.000Z');
  });

  it('steps by the interval and makes exactly count members', () => {
    const members = generateSeries(slot('2026-01-05T10:00:00+01:00', '2026-01-05T11:00:00+01:00'), 'P4W', 50);
    expect(members).toHaveLength(50);
    expect(formatPracticeDateTime(members[1]?.start ?? '')).toBe('02.02.2026 10:00');
    expect(formatPracticeDateTime(members[49]?.start ?? '')).toBe('08.10.2029 10:00');
  });
});
