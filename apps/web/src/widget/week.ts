import type { WidgetAnswer, WidgetSlot } from '@praxia/shared/appointments/widget-schemas';
import { addPracticeDays, startOfPracticeWeek, toPracticeIsoDate, toPracticeIsoDateTime } from '@praxia/shared/dates';

/*
 * The widget's week (spec appointments §2.1, §9): Monday 00:00 to the next Monday 00:00 on the German wall clock,
 * stepped by 7 calendar days, so a week with a daylight-saving change still has seven whole days (167 or 169 hours).
 * The calendar arithmetic is the shared one (dates.ts), which the server's rules use too.
 */

/** Monday 00:00 (German time) of the week an instant falls in. */
export const weekStartOf = (instant: Date | string): Date => startOfPracticeWeek(new Date(instant));

/** The week the widget opens on: the offered slot's (a waiting-list link's date), never one before the current week. */
export function firstWeek(slotDate: string | null, now: Date): Date {
  const current = weekStartOf(now);
  if (!slotDate) return current;
  const linked = weekStartOf(`${slotDate}T12:00:00Z`);
  return linked.getTime() > current.getTime() ? linked : current;
}

/** The Monday `weeks` weeks later (earlier when negative). */
export const stepWeek = (weekStart: Date, weeks: number): Date => addPracticeDays(weekStart, weeks * 7);

/** The widget call's window for a week: [Monday 00:00, next Monday 00:00), German time with its offset. */
export function weekWindow(weekStart: Date): { from: string; to: string } {
  return { from: toPracticeIsoDateTime(weekStart), to: toPracticeIsoDateTime(stepWeek(weekStart, 1)) };
}

/**
 * Spec §2.1's forwarding: the week to show instead of a shown week without a free slot, or null to stay. The answer's
 * next free slot is the earliest bookable one from now with the same filters, so every week before its week is empty
 * too: stepping week by week would end on its week, which is shown at once instead of after one call per empty week.
 * The server bounds the search (its horizon); without a next free slot the widget stays and says that none is free.
 */
export function forwardWeek(weekStart: Date, answer: Pick<WidgetAnswer, 'slots' | 'nextFreeAppointment'>): Date | null {
  if (answer.slots.length > 0 || !answer.nextFreeAppointment) return null;
  const week = weekStartOf(answer.nextFreeAppointment.appointmentStart);
  return week.getTime() > weekStart.getTime() ? week : null;
}

/** The previous week can be shown only after the current one: earlier weeks hold no bookable slot. */
export const canShowPreviousWeek = (weekStart: Date, now: Date): boolean =>
  weekStart.getTime() > weekStartOf(now).getTime();

export type WeekDay = { day: Date; isoDate: string; slots: WidgetSlot[] };

const byStart = (a: WidgetSlot, b: WidgetSlot) =>
  new Date(a.appointmentStart).getTime() - new Date(b.appointmentStart).getTime();

/** Monday to Sunday with each day's slots by start; a slot belongs to the German day it starts on. */
export function groupSlotsByDay(slots: readonly WidgetSlot[], weekStart: Date): WeekDay[] {
  const days: WeekDay[] = Array.from({ length: 7 }, (_, index) => {
    const day = addPracticeDays(weekStart, index);
    return { day, isoDate: toPracticeIsoDate(day), slots: [] };
  });
  const byDate = new Map(days.map((day) => [day.isoDate, day]));
  for (const slot of [...slots].sort(byStart)) byDate.get(toPracticeIsoDate(slot.appointmentStart))?.slots.push(slot);
  return days;
}
