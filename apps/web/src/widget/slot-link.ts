import type { WidgetAnswer } from '@praxia/shared/appointments/widget-schemas';
import { stepWeek, weekStartOf } from './week';

/** The widget call's widest window is 14 days (WIDGET_MAX_WINDOW_DAYS; not imported, that module builds schemas). */
const WEEKS_PER_CALL = 2;
/** A freed slot offered by mail lies soon after its cancellation; beyond this the link's slot is not looked for. */
export const SLOT_LINK_MAX_CALLS = 8;

export type WindowLoader = (from: Date, to: Date) => Promise<WidgetAnswer | null>;

/**
 * The start of the slot a waiting-list mail offers (`?slot={id}`): the link names only the id, so the widget reads
 * two-week windows from the current week on until it meets the slot, at most SLOT_LINK_MAX_CALLS of them. Null
 * when the slot is gone (booked by someone first) or not found; the widget then starts at the current week.
 */
export async function findLinkedSlotStart(slotId: number, load: WindowLoader, now: Date): Promise<string | null> {
  let from = weekStartOf(now);
  for (let call = 0; call < SLOT_LINK_MAX_CALLS; call++) {
    const to = stepWeek(from, WEEKS_PER_CALL);
    const answer = await load(from, to);
    if (!answer) return null;
    const slot = [answer.nextFreeAppointment, ...answer.slots].find((candidate) => candidate?.id === slotId);
    if (slot) return slot.appointmentStart;
    // Nothing bookable from now on at all: no later window can hold it.
    if (!answer.nextFreeAppointment) return null;
    from = to;
  }
  return null;
}
