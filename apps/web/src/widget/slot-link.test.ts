import type { WidgetAnswer, WidgetSlot } from '@praxia/shared/appointments/widget-schemas';
import { describe, expect, it } from 'vitest';
import { findLinkedSlotStart, SLOT_LINK_MAX_CALLS } from './slot-link';
import { weekStartOf } from './week';

const now = new Date('2026-04-15T08:00:00Z');
const slot = (id: number, start: string): WidgetSlot => ({
  id,
  appointmentStart: start,
  appointmentEnd: start,
  appointmentTypeId: null,
});
const answer = (slots: WidgetSlot[], nextFree: WidgetSlot | null): WidgetAnswer => ({
  therapist: { id: 1, title: null, firstName: 'A', lastName: 'B' },
  practice: { id: 1, name: 'P' },
  types: [],
  slots,
  nextFreeAppointment: nextFree,
});

describe('findLinkedSlotStart', () => {
  it('reads two-week windows from the current week until it meets the slot', async () => {
    const wanted = slot(9, '2026-05-05T08:00:00Z');
    const first = slot(1, '2026-04-16T08:00:00Z');
    const windows: string[] = [];
    const start = await findLinkedSlotStart(
      9,
      async (from, to) => {
        windows.push(`${from.toISOString()}..${to.toISOString()}`);
        const inWindow = [first, wanted].filter(
          (s) => new Date(s.appointmentStart) >= from && new Date(s.appointmentStart) < to,
        );
        return answer(inWindow, first);
      },
      now,
    );
    expect(start).toBe(wanted.appointmentStart);
    expect(windows).toEqual([
      `${weekStartOf(now).toISOString()}..2026-04-26T22:00:00.000Z`,
      '2026-04-26T22:00:00.000Z..2026-05-10T22:00:00.000Z',
    ]);
  });

  it('gives up when nothing is bookable, when a call fails, and after the last window', async () => {
    let calls = 0;
    const none = await findLinkedSlotStart(
      9,
      async () => {
        calls++;
        return answer([], null);
      },
      now,
    );
    expect([none, calls]).toEqual([null, 1]);
    expect(await findLinkedSlotStart(9, async () => null, now)).toBeNull();
    calls = 0;
    const other = slot(1, '2026-04-16T08:00:00Z');
    const far = await findLinkedSlotStart(
      9,
      async () => {
        calls++;
        return answer([], other);
      },
      now,
    );
    expect([far, calls]).toEqual([null, SLOT_LINK_MAX_CALLS]);
  });

  it('finds the slot when it is the next free one', async () => {
    const wanted = slot(9, '2026-09-01T08:00:00Z');
    expect(await findLinkedSlotStart(9, async () => answer([], wanted), now)).toBe(wanted.appointmentStart);
  });
});
