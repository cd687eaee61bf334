import { addPracticeDays, atPracticeTime, Role, widgetWeekWindow } from '@praxia/shared';
import { appointments, appointmentTypes, type customers } from '../src/db/schema.js';
import { call, createPractice, createUser, signIn, type TestApp, type TestUser, uniqueEmail } from './test-app.js';

/**
 * A practice with one therapist for the widget tests, its types and slots written straight to the database (times
 * relative to now, which the calendar API's fixed future days cannot give). Each call makes its own practice and
 * therapist, so tests on the shared PostgreSQL database see only their own slots.
 */
export async function widgetCalendar(t: TestApp, practice: Partial<typeof customers.$inferInsert> = {}) {
  const customerId = await createPractice(t.database, practice);
  const therapist = await createUser(t.database, { roles: Role.THERAPIST, practiceId: customerId });
  return { customerId, therapistId: therapist.id, therapist };
}
export type WidgetCalendarFixture = Awaited<ReturnType<typeof widgetCalendar>>;

export async function addType(
  t: TestApp,
  calendar: WidgetCalendarFixture,
  values: Partial<typeof appointmentTypes.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(appointmentTypes)
    .values({
      customerId: calendar.customerId,
      userId: calendar.therapistId,
      name: `Typ ${Math.random().toString(36).slice(2, 6)}`,
      durationMinutes: 50,
      location: 'onSite',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no type row');
  return row;
}

export async function addSlot(
  t: TestApp,
  calendar: WidgetCalendarFixture,
  startsAt: Date,
  values: Partial<typeof appointments.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      customerId: calendar.customerId,
      therapistId: calendar.therapistId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * 60_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no slot row');
  return row;
}

const HOUR_MS = 3_600_000;
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS);

/** The widget week `weeksAhead` weeks after this one, and a wall-clock time on its n-th day (0 = Monday). */
export function weekAhead(weeksAhead: number) {
  const week = widgetWeekWindow(addPracticeDays(new Date(), 7 * weeksAhead));
  return {
    ...week,
    at: (day: number, hour: number, minute = 0) => atPracticeTime(addPracticeDays(week.from, day), hour, minute),
  };
}

export function widgetUrl(calendar: WidgetCalendarFixture, query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams({
    therapistId: String(calendar.therapistId),
    customerId: String(calendar.customerId),
  });
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) params.delete(key);
    else params.set(key, String(value));
  }
  return `/api/appointment/widget?${params}`;
}

/** A guest's booking body per widgetBookSchema (valid as it stands). */
export const guestBooking = (
  calendar: WidgetCalendarFixture,
  meetingType: number,
  overrides: Record<string, unknown> = {},
) => ({
  therapistId: calendar.therapistId,
  customerId: calendar.customerId,
  insuranceType: 'legally',
  meetingType,
  salutation: 'Frau',
  firstName: 'Greta',
  lastName: `Gast-${Math.random().toString(36).slice(2, 6)}`,
  email: uniqueEmail('gast'),
  phoneCountry: 'DE',
  phone: '030 1234567',
  street: 'Gartenweg 4',
  postalCode: '10115',
  city: 'Berlin',
  termsAndConditionsAccepted: true,
  ...overrides,
});

/** A guest's request: no session cookie, as from the widget. */
export const asGuest = (t: TestApp, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
  call(t.app, undefined, { method, url, ...(payload === undefined ? {} : { payload }) });

export async function signedIn(t: TestApp, user: TestUser) {
  return signIn(t.app, user.email);
}

/** Every key path of a JSON value ('slots[].id'), for walking an answer against an allow-list. */
export function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => keyPaths(item, `${prefix}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...keyPaths(child, path)];
  });
}
