import { describe, expect, it } from 'vitest';
import { hourRange, PX_PER_MINUTE, placeAppointment, rowStarts } from './week-grid';

// Berlin is UTC+1 in November.
const span = (start: string, end: string) => ({ appointmentStart: start, appointmentEnd: end });

describe('week view geometry (appointments §2.2, §9)', () => {
  it('shows 7 to 22 by default and widens to fit early and late appointments', () => {
    expect(hourRange([])).toEqual({ firstHour: 7, lastHour: 22 });
    expect(hourRange([span('2026-11-25T05:30:00Z', '2026-11-25T06:20:00Z')])).toEqual({ firstHour: 6, lastHour: 22 });
    expect(hourRange([span('2026-11-25T21:15:00Z', '2026-11-25T22:05:00Z')])).toEqual({ firstHour: 7, lastHour: 24 });
  });

  it('has 15-minute rows: 60 of them from 7 to 22', () => {
    const rows = rowStarts(7, 22);
    expect(rows).toHaveLength(60);
    expect(rows.slice(0, 2)).toEqual([420, 435]);
  });

  it('gives 7 px per 5 minutes: a 50-minute session at 08:00 sits 84 px down and is 70 px high', () => {
    expect(PX_PER_MINUTE * 5).toBe(7);
    expect(placeAppointment(span('2026-11-25T07:00:00Z', '2026-11-25T07:50:00Z'), 7)).toEqual({ top: 84, height: 70 });
  });

  it('keeps 07:00 at the top in a daylight-saving week', () => {
    // 29.03.2027 07:00 in Berlin (summer time, UTC+2) is 05:00 UTC.
    expect(placeAppointment(span('2027-03-29T05:00:00Z', '2027-03-29T05:50:00Z'), 7).top).toBe(0);
  });
});
