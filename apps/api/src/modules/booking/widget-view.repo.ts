import {
  BOOKING_DEADLINES,
  type BookingDeadline,
  earliestBookableStart,
  THERAPISTS,
  type TypeLocation,
  type WidgetFilter,
} from '@praxia/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';

/*
 * The widget's answer in one call of widget_view (migration 0019, first written in 0010): the open calendar, the
 * therapist's types and the bookable slots. As separate statements the calendar check and the types cost more than
 * the range query itself (bench/widget-week.ts); the function is one statement whose plan it keeps per connection.
 * Its conditions mirror the shared rules: isOpenWidgetCalendar (widget.repo.ts), bookableTypes, slotBounds and
 * isSlotBookable (widget-slots.ts). The deadlines themselves are computed here, by earliestBookableStart.
 */

export type WidgetViewType = {
  id: number;
  name: string;
  location: TypeLocation;
  durationMinutes: number;
  insuranceType: 'legally' | 'privately' | null;
  bookingDeadline: BookingDeadline;
  deactivated: boolean;
};
/** Times as JSON text: ISO 8601 on the practice's clock with its offset, to the second (migration 0029). */
export type WidgetViewSlot = { id: number; startsAt: string; endsAt: string; appointmentTypeId: number | null };
export type WidgetView = {
  therapist: { id: number; title: string | null; firstName: string; lastName: string };
  practice: { id: number; name: string };
  /** Every type of the therapist in the practice, by name. */
  types: WidgetViewType[];
  slots: WidgetViewSlot[];
  next: WidgetViewSlot | null;
};

export type WidgetViewQuery = {
  therapistId: number;
  customerId: number;
  /** The window, `from` already clamped to now. */
  from: Date;
  to: Date;
  horizonEnd: Date;
  now: Date;
  filter: WidgetFilter;
};

// One window never holds more slots than this (a week of 5-minute slots is 2016); a guard, not a page size.
export const WINDOW_SLOT_CAP = 2100;

/**
 * Each booking deadline's earliest bookable start at `now` (calendar days on the German wall clock). Written as ISO
 * text first: JSON.stringify takes twice as long when it meets the Date objects itself.
 */
function deadlineBounds(now: Date): string {
  const bounds: Record<string, string> = {};
  for (const deadline of BOOKING_DEADLINES) bounds[deadline] = earliestBookableStart(now, deadline).toISOString();
  return JSON.stringify(bounds);
}

/** The calendar, types and bookable slots of an open widget; null when the calendar is unknown or closed. */
export async function findWidgetView(db: Executor, query: WidgetViewQuery): Promise<WidgetView | null> {
  const { filter } = query;
  const [row] = await queryRows<{ view: WidgetView | null }>(
    db,
    sql`SELECT widget_view(${query.therapistId}::int, ${query.customerId}::int, ${THERAPISTS}::int,
      ${query.now.toISOString()}::timestamptz, ${query.from.toISOString()}::timestamptz,
      ${query.to.toISOString()}::timestamptz, ${query.horizonEnd.toISOString()}::timestamptz,
      ${filter.insuranceType ?? null}::text, ${filter.appointmentTypeId ?? null}::int,
      ${deadlineBounds(query.now)}::jsonb, ${WINDOW_SLOT_CAP}::int) AS view`,
  );
  return row?.view ?? null;
}
