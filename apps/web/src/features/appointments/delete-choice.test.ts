import { describe, expect, it } from 'vitest';
import { asksSeriesChoice, DELETE_TEXT_KEYS } from './delete-choice';

const now = new Date('2026-11-25T12:00:00Z');

describe('delete confirmations (appointments §4.1)', () => {
  it('offers "only this or this and all following" for a series member in the future only', () => {
    expect(asksSeriesChoice({ seriesId: 's', appointmentStart: '2026-11-26T08:00:00Z' }, now)).toBe(true);
    expect(asksSeriesChoice({ seriesId: 's', appointmentStart: '2026-11-24T08:00:00Z' }, now)).toBe(false);
    expect(asksSeriesChoice({ seriesId: null, appointmentStart: '2026-11-26T08:00:00Z' }, now)).toBe(false);
  });

  it('words the confirmation by state', () => {
    expect(DELETE_TEXT_KEYS.available).toBe('calendar.dialog.deleteAvailable');
    expect(DELETE_TEXT_KEYS.taken).toBe('calendar.dialog.deleteTaken');
    expect(DELETE_TEXT_KEYS.billable).toBe('calendar.dialog.deleteBillable');
  });
});
