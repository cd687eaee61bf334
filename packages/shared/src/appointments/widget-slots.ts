import { addPracticeDays, startOfPracticeWeek } from '../dates.js';
import type { INSURANCE_TYPES } from '../patients/schemas.js';
import type { BookingDeadline } from './type-schemas.js';
import { WIDGET_MAX_WINDOW_DAYS } from './widget-schemas.js';

/*
 * Which free slots a guest may book (issue 9, spec appointments §2.1, §4.1): the rules the widget's answer and the
 * guest booking share, so the slot the widget shows is exactly the slot the booking accepts.
 */

type InsuranceType = (typeof INSURANCE_TYPES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Hours are elapsed time; days are calendar days on the German wall clock (conventions: never days as ms). */
const DEADLINE_SPANS: Record<BookingDeadline, { hours: number } | { days: number }> = {
  none: { hours: 0 },
  PT2H: { hours: 2 },
  PT6H: { hours: 6 },
  PT12H: { hours: 12 },
  PT16H: { hours: 16 },
  P1D: { days: 1 },
  P2D: { days: 2 },
  P3D: { days: 3 },
  P7D: { days: 7 },
};

/** The earliest start a type with this booking deadline may still be booked for at `now`. */
export function earliestBookableStart(now: Date, deadline: BookingDeadline): Date {
  const span = DEADLINE_SPANS[deadline];
  if ('days' in span) return addPracticeDays(now, span.days);
  return new Date(now.getTime() + span.hours * HOUR_MS);
}

/**
 * The last moment at which a slot starting at `start` may still be booked with this deadline, the inverse of
 * earliestBookableStart: widget answers kept in memory expire then. Where a daylight-saving change makes the
 * wall-clock inverse too late, the moment an hour or two before it that is not: early, never late.
 */
export function lastBookableMoment(start: Date, deadline: BookingDeadline): Date {
  const span = DEADLINE_SPANS[deadline];
  if (!('days' in span)) return new Date(start.getTime() - span.hours * HOUR_MS);
  const wallClock = addPracticeDays(start, -span.days).getTime();
  for (const hoursEarlier of [0, 1, 2]) {
    const candidate = new Date(wallClock - hoursEarlier * HOUR_MS);
    if (earliestBookableStart(candidate, deadline).getTime() <= start.getTime()) return candidate;
  }
  return new Date(start.getTime() - span.days * (DAY_MS + HOUR_MS));
}

/** Spec §4.1: a past `from` is clamped to now. */
export function clampWidgetFrom(from: Date, now: Date): Date {
  return from.getTime() < now.getTime() ? now : from;
}

/** Why a widget window is refused: `to` not after `from`, or longer than WIDGET_MAX_WINDOW_DAYS. */
export function widgetWindowProblem(from: Date, to: Date): 'toBeforeFrom' | 'tooLong' | null {
  if (to.getTime() <= from.getTime()) return 'toBeforeFrom';
  if (to.getTime() - from.getTime() > WIDGET_MAX_WINDOW_DAYS * DAY_MS) return 'tooLong';
  return null;
}

/** The widget's week (spec §2.1, §9): Monday 00:00 to the next Monday 00:00, German time (a DST week has 167/169 h). */
export function widgetWeekWindow(instant: Date): { from: Date; to: Date } {
  const from = startOfPracticeWeek(instant);
  return { from, to: addPracticeDays(from, 7) };
}

export type WidgetTypeLike = {
  id: number;
  insuranceType: InsuranceType | null;
  bookingDeadline: BookingDeadline;
  deactivated: boolean;
};

/** A type without insurance serves both insurances; a visitor who has not chosen one sees every type. */
export function typeFitsInsurance(type: Pick<WidgetTypeLike, 'insuranceType'>, insurance?: InsuranceType | null) {
  return !insurance || type.insuranceType === null || type.insuranceType === insurance;
}

export type WidgetFilter = { insuranceType?: InsuranceType | null; appointmentTypeId?: number | null };

/** The types a visitor may book with: active, fitting the insurance, and only the chosen one when there is one. */
export function bookableTypes<T extends WidgetTypeLike>(types: readonly T[], filter: WidgetFilter): T[] {
  return types.filter(
    (type) =>
      !type.deactivated &&
      typeFitsInsurance(type, filter.insuranceType) &&
      (!filter.appointmentTypeId || type.id === filter.appointmentTypeId),
  );
}

/**
 * The earliest bookable start per slot kind: a typed slot by its own type's deadline (its type must be bookable),
 * an untyped slot by the deadline of the type booked into it — the chosen one, or without a choice the smallest
 * deadline among the bookable types (some type could still be booked into it). Null: no slot of that kind fits.
 */
export type SlotBounds = { byType: ReadonlyMap<number, Date>; untyped: Date | null };

export function slotBounds(types: readonly WidgetTypeLike[], now: Date): SlotBounds {
  const byType = new Map(types.map((type) => [type.id, earliestBookableStart(now, type.bookingDeadline)]));
  const earliest = [...byType.values()].sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  return { byType, untyped: earliest };
}

export type SlotLike = { startsAt: Date; appointmentTypeId: number | null; state: string };

/** Whether a guest may book the slot now (available, its type bookable, deadline honoured). */
export function isSlotBookable(slot: SlotLike, bounds: SlotBounds): boolean {
  if (slot.state !== 'available') return false;
  const bound = slot.appointmentTypeId === null ? bounds.untyped : bounds.byType.get(slot.appointmentTypeId);
  return bound !== null && bound !== undefined && slot.startsAt.getTime() >= bound.getTime();
}
