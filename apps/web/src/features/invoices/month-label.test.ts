import { describe, expect, it } from 'vitest';
import { chronological, monthLabel } from './month-label';

describe('monthLabel', () => {
  it('names the month and year in the interface language', () => {
    expect(monthLabel('2026-03', 'de')).toBe('März 2026');
    expect(monthLabel('2026-12', 'en')).toBe('December 2026');
  });

  it('leaves an unreadable month as it came', () => {
    expect(monthLabel('x', 'de')).toBe('x');
  });

  it('orders months oldest first for the chart', () => {
    expect(chronological([{ month: '2026-11' }, { month: '2025-12' }, { month: '2026-01' }])).toEqual([
      { month: '2025-12' },
      { month: '2026-01' },
      { month: '2026-11' },
    ]);
  });
});
