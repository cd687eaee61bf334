import { type SlotBounds, THERAPISTS } from '@praxia/shared';
import { and, asc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { appointmentTypes, customers, userCustomers, users } from '../../db/schema.js';

/**
 * Practices whose widget answers: not deleted, not cancelled, not deactivated, and paid or still in their trial (the
 * therapist tries the widget before going live; after an expired trial nobody could see the bookings, so it closes).
 * Stricter than nothing, looser than the search's isListedInSearch, which hides trial practices.
 */
const isWidgetOpen = (now: Date) =>
  and(
    isNull(customers.deletedAt),
    eq(customers.status, 'active'),
    eq(customers.deactivated, false),
    or(isNull(customers.trialExpiresAt), gt(customers.trialExpiresAt, now)),
  );

/** The therapist (active, assigned to the practice) and the practice of a widget, if the widget is open. */
export async function findWidgetCalendar(db: Executor, therapistId: number, customerId: number, now: Date) {
  const rows = await db
    .select({
      therapist: {
        id: users.id,
        title: users.title,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        language: users.language,
      },
      practice: { id: customers.id, name: customers.name },
    })
    .from(users)
    .innerJoin(userCustomers, and(eq(userCustomers.userId, users.id), eq(userCustomers.customerId, customerId)))
    .innerJoin(customers, eq(customers.id, userCustomers.customerId))
    .where(
      and(
        eq(users.id, therapistId),
        sql`(${users.roles} & ${THERAPISTS}) <> 0`,
        eq(users.deleted, false),
        eq(users.deactivated, false),
        eq(userCustomers.deactivated, false),
        isWidgetOpen(now),
      ),
    )
    .limit(1);
  return rows[0];
}
export type WidgetCalendar = NonNullable<Awaited<ReturnType<typeof findWidgetCalendar>>>;

/** Every type of the therapist in the practice (the rules pick the active, fitting ones), by name. */
export async function listCalendarTypes(db: Executor, customerId: number, therapistId: number) {
  return db
    .select()
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.customerId, customerId), eq(appointmentTypes.userId, therapistId)))
    .orderBy(asc(appointmentTypes.name), asc(appointmentTypes.id));
}

export type WidgetSlotRow = {
  part: 'window' | 'next';
  id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  appointment_type_id: number | null;
};

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/** The SQL of isSlotBookable's deadline part: each slot kind at or after its earliest bookable start. */
function bookableCondition(bounds: SlotBounds): SQL {
  const typed = [...bounds.byType].map(
    ([typeId, earliest]) => sql`(a.appointment_type_id = ${typeId} AND a.starts_at >= ${at(earliest)})`,
  );
  const untyped = bounds.untyped ? [sql`(a.appointment_type_id IS NULL AND a.starts_at >= ${at(bounds.untyped)})`] : [];
  return sql.join([...typed, ...untyped], sql` OR `);
}

// One window never holds more slots than this (a week of 5-minute slots is 2016); a guard, not a page size.
const WINDOW_SLOT_CAP = 2100;

/**
 * The bookable slots of the window and the next bookable one within the horizon, in one statement: two range scans
 * of appointments_therapist_start (therapist, start) in index order, the second stopping at its first row. Ordering
 * by the start alone is total: a therapist's appointments never overlap (the exclusion constraint), so no two share
 * a start. `bounds` must hold at least one bookable type.
 */
export async function findWidgetSlots(
  db: Executor,
  query: { therapistId: number; customerId: number; from: Date; to: Date; horizonEnd: Date; bounds: SlotBounds },
): Promise<WidgetSlotRow[]> {
  const { therapistId, customerId, bounds } = query;
  const lowest = bounds.untyped ?? query.from;
  const base = sql`a.therapist_id = ${therapistId} AND a.customer_id = ${customerId} AND a.state = 'available'
    AND (${bookableCondition(bounds)})`;
  return queryRows<WidgetSlotRow>(
    db,
    sql`
      (SELECT 'window' AS part, a.id, a.starts_at, a.ends_at, a.appointment_type_id FROM appointments a
        WHERE ${base} AND a.starts_at >= ${at(query.from)} AND a.starts_at < ${at(query.to)}
        ORDER BY a.starts_at LIMIT ${WINDOW_SLOT_CAP})
      UNION ALL
      (SELECT 'next' AS part, a.id, a.starts_at, a.ends_at, a.appointment_type_id FROM appointments a
        WHERE ${base} AND a.starts_at >= ${at(lowest)} AND a.starts_at < ${at(query.horizonEnd)}
        ORDER BY a.starts_at LIMIT 1)`,
  );
}
