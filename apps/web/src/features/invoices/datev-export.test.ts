import { describe, expect, it } from 'vitest';
import { datevPeriodOf } from './datev-export';

describe('the DATEV period of the invoice list’s range', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('takes the list’s days; without a start, the start of the end day’s year; without an end, today', () => {
    expect(datevPeriodOf({ start: '2026-03-01', end: '2026-03-31' }, now)).toEqual({
      dateStart: '2026-03-01',
      dateEnd: '2026-03-31',
    });
    expect(datevPeriodOf({ start: null, end: '2025-06-30' }, now)).toEqual({
      dateStart: '2025-01-01',
      dateEnd: '2025-06-30',
    });
    expect(datevPeriodOf({ start: '2026-10-01', end: null }, now)).toEqual({
      dateStart: '2026-10-01',
      dateEnd: '2026-11-27',
    });
  });

  it('has none across a change of year or backwards: one DATEV batch covers one fiscal year', () => {
    expect(datevPeriodOf({ start: '2025-12-01', end: '2026-01-31' }, now)).toBeNull();
    expect(datevPeriodOf({ start: '2026-05-01', end: '2026-04-30' }, now)).toBeNull();
  });
});
