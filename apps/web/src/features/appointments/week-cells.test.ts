import { describe, expect, it } from 'vitest';
import { cellFacts, type DayItem, dayItems, isSelectable, moveFocus } from './week-cells';

// Berlin is UTC+1 in November.
const complete = { feesComplete: true, addressComplete: true };
const appointment = (id: number, start: string, end: string, state = 'taken' as const, billing = complete) => ({
  id,
  appointmentStart: start,
  appointmentEnd: end,
  state,
  billing,
});

describe('calendar cells (appointments §2.2)', () => {
  it('shows the time range in practice time and the completeness hint for taken appointments', () => {
    const taken = appointment(1, '2026-11-23T07:00:00Z', '2026-11-23T07:50:00Z');
    expect(cellFacts(taken)).toEqual({
      timeRange: '08:00–08:50',
      isFree: false,
      hint: 'ready',
      isComplete: true,
      isBillable: false,
      isBilled: false,
    });
    expect(cellFacts({ ...taken, billing: { feesComplete: false, addressComplete: false } }).hint).toBe(
      'feesAndAddressMissing',
    );
    expect(cellFacts({ ...taken, billing: { feesComplete: true, addressComplete: false } })).toMatchObject({
      hint: 'addressMissing',
      isComplete: false,
    });
    expect(cellFacts({ ...taken, billing: { feesComplete: false, addressComplete: true } }).hint).toBe('feesMissing');
    expect(cellFacts({ ...taken, state: 'available' })).toMatchObject({ isFree: true, hint: null });
    expect(cellFacts({ ...taken, state: 'billed' })).toMatchObject({ isBilled: true, hint: null, isComplete: false });
    expect(cellFacts({ ...taken, state: 'billable' })).toMatchObject({ isBillable: true, hint: 'ready' });
  });

  it('asks for the patient of a held online booking before anything billing needs, and offers it for no billing', () => {
    const held = {
      ...appointment(1, '2026-11-23T07:00:00Z', '2026-11-23T07:50:00Z'),
      clientId: null,
      client: { lastName: 'Erfunden' } as never,
    };
    expect(cellFacts(held)).toMatchObject({ hint: 'patientMissing', isComplete: false });
    expect(isSelectable(held, 'billable', true)).toBe(false);
    expect(isSelectable(held, 'invoice', false)).toBe(false);
    // A patient named: the billing hint again.
    expect(cellFacts({ ...held, clientId: 7 }).hint).toBe('ready');
  });
});

describe('selection eligibility (appointments §4.1)', () => {
  const taken = appointment(1, '2026-11-23T07:00:00Z', '2026-11-23T07:50:00Z');
  const noFees = { ...taken, billing: { feesComplete: false, addressComplete: true } };
  const noAddress = { ...taken, billing: { feesComplete: true, addressComplete: false } };

  it('lets only taken appointments with complete fees and address be made billable', () => {
    expect(isSelectable(taken, 'billable', true)).toBe(true);
    expect(isSelectable(noAddress, 'billable', true)).toBe(false);
    expect(isSelectable(noFees, 'billable', true)).toBe(false);
    expect(isSelectable({ ...taken, state: 'available' }, 'billable', true)).toBe(false);
    expect(isSelectable({ ...taken, state: 'billable' }, 'billable', true)).toBe(false);
  });

  it('invoices billable complete ones, and taken complete ones only without billing approval', () => {
    expect(isSelectable({ ...taken, state: 'billable' }, 'invoice', true)).toBe(true);
    expect(isSelectable(taken, 'invoice', true)).toBe(false);
    expect(isSelectable(taken, 'invoice', false)).toBe(true);
    expect(isSelectable({ ...noAddress, state: 'billable' }, 'invoice', true)).toBe(false);
  });
});

describe('keyboard movement in the week view', () => {
  // Monday 08:00–08:50 booked (it covers the rows up to 08:45); the days run 8–10 for brevity.
  const monday = dayItems([appointment(1, '2026-11-23T07:00:00Z', '2026-11-23T07:50:00Z')], 8, 10);
  const tuesday = dayItems([], 8, 10);

  it('lists appointments and the 15-minute slots they leave free', () => {
    expect(monday.map((item) => `${item.kind}@${item.minutes}`)).toEqual([
      'appointment@480',
      'slot@540',
      'slot@555',
      'slot@570',
      'slot@585',
    ]);
    expect(tuesday).toHaveLength(8);
  });

  it('moves up and down within the day and stops at its edges', () => {
    const days: DayItem[][] = [monday, tuesday];
    expect(moveFocus(days, { day: 0, index: 0 }, 'ArrowDown')).toEqual({ day: 0, index: 1 });
    expect(moveFocus(days, { day: 0, index: 0 }, 'ArrowUp')).toBeNull();
    expect(moveFocus(days, { day: 1, index: 0 }, 'End')).toEqual({ day: 1, index: 7 });
    expect(moveFocus(days, { day: 0, index: 3 }, 'Enter')).toBeNull();
  });

  it('moves left and right to the same time on the neighbouring day', () => {
    const days: DayItem[][] = [monday, tuesday];
    // Tuesday 08:30 → Monday's appointment, which covers 08:30.
    expect(moveFocus(days, { day: 1, index: 2 }, 'ArrowLeft')).toEqual({ day: 0, index: 0 });
    // Monday 09:15 → Tuesday 09:15.
    expect(moveFocus(days, { day: 0, index: 2 }, 'ArrowRight')).toEqual({ day: 1, index: 5 });
    expect(moveFocus(days, { day: 1, index: 0 }, 'ArrowRight')).toBeNull();
  });
});

describe('the weekday of an instant (Monday 0 … Sunday 6), in German time', () => {
  it('counts 23:30 on Sunday as Sunday and 00:15 on Monday as Monday, also in a daylight-saving week', async () => {
    const { weekdayIndex } = await import('./use-calendar-week');
    expect(weekdayIndex(new Date('2026-11-29T22:30:00Z'))).toBe(6);
    expect(weekdayIndex(new Date('2026-11-29T23:15:00Z'))).toBe(0);
    // Sunday of the change to summer time.
    expect(weekdayIndex(new Date('2027-03-28T10:00:00Z'))).toBe(6);
  });
});
