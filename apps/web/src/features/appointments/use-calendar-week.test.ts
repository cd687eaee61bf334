import { toPracticeIsoDate, toPracticeIsoDateTime } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { dayFromLink } from './use-calendar-week';

describe('dayFromLink', () => {
  it('opens the linked day at noon German time', () => {
    const day = dayFromLink('2026-11-27');
    expect(day && toPracticeIsoDate(day)).toBe('2026-11-27');
    expect(day && toPracticeIsoDateTime(day)).toBe('2026-11-27T12:00:00+01:00');
    // Summer time keeps the day too.
    expect(toPracticeIsoDate(dayFromLink('2026-07-01') ?? new Date(0))).toBe('2026-07-01');
  });

  it('ignores no day, a malformed one and one that does not exist', () => {
    expect(dayFromLink(null)).toBeNull();
    expect(dayFromLink('')).toBeNull();
    expect(dayFromLink('27.11.2026')).toBeNull();
    expect(dayFromLink('2026-02-30')).toBeNull();
  });
});
