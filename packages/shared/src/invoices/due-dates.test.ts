import { describe, expect, it } from 'vitest';
import { invoiceDueDate, overdueNoticeDueDate } from './due-dates.js';

describe('due dates', () => {
  it('adds the payment term in calendar days', () => {
    expect(invoiceDueDate('2026-03-02T10:00:00+01:00', 14)).toBe('2026-03-16');
    expect(invoiceDueDate('2026-03-02T10:00:00+01:00', 0)).toBe('2026-03-02');
    expect(invoiceDueDate('2026-02-20T10:00:00+01:00', 14)).toBe('2026-03-06'); // across February's end
    expect(invoiceDueDate('2028-02-20T10:00:00+01:00', 14)).toBe('2028-03-05'); // leap year
  });

  it('counts from the German day, not the UTC day', () => {
    // 23:30 German time on 31 March is still 31 March in Berlin although UTC is 21:30 (summer time).
    expect(invoiceDueDate('2026-03-31T21:30:00Z', 14)).toBe('2026-04-14');
    // 00:30 German time on 1 January is 23:30 UTC on 31 December.
    expect(invoiceDueDate('2025-12-31T23:30:00Z', 30)).toBe('2026-01-31');
  });

  it('keeps calendar days across the daylight-saving change', () => {
    // Summer time starts on 29 March 2026: midnight German time plus 14 days is still midnight, 12 April.
    expect(invoiceDueDate('2026-03-28T23:00:00Z', 14)).toBe('2026-04-12');
    // Winter time starts on 25 October 2026.
    expect(invoiceDueDate('2026-10-24T22:00:00Z', 7)).toBe('2026-11-01');
  });

  it('dates overdue notices from their own term', () => {
    expect(overdueNoticeDueDate(new Date('2026-04-20T08:00:00Z'), 10)).toBe('2026-04-30');
  });

  it('refuses terms that are not whole non-negative days', () => {
    expect(() => invoiceDueDate('2026-03-02T10:00:00+01:00', -1)).toThrow(RangeError);
    expect(() => overdueNoticeDueDate('2026-03-02T10:00:00+01:00', 1.5)).toThrow(RangeError);
  });
});
