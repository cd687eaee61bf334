import { THERAPISTS } from '@praxia/shared';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { appointmentTypes, customers, userCustomers, users } from '../../db/schema.js';
import { calendarRows, type PracticeScope, practiceRows, type Scope } from '../../lib/scope.js';

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

/**
 * The therapist (active, assigned to the scope's practice) and the practice of a widget, if the widget is open. The
 * widget's own answer checks the same in widget_view (migration 0019): a change here needs a migration replacing it
 * there.
 */
export async function findWidgetCalendar(db: Executor, scope: PracticeScope, therapistId: number, now: Date) {
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
    .innerJoin(userCustomers, and(eq(userCustomers.userId, users.id), practiceRows(scope, userCustomers.customerId)))
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

/** Every type of the therapist in the scope's practice (the rules pick the active, fitting ones), by name. */
export async function listCalendarTypes(db: Executor, scope: Scope, therapistId: number) {
  return db
    .select()
    .from(appointmentTypes)
    .where(
      and(
        calendarRows(scope, appointmentTypes.customerId, appointmentTypes.userId),
        eq(appointmentTypes.userId, therapistId),
      ),
    )
    .orderBy(asc(appointmentTypes.name), asc(appointmentTypes.id));
}
