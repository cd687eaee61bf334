import { randomUUID } from 'node:crypto';
import { Role } from '@praxia/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, appointmentTypes, customers, users } from '../../src/db/schema.js';
import { WIDGET_CALENDAR_CHANNEL } from '../../src/modules/booking/widget-answer-cache.js';
import { call, createTestApp, createUser, signIn, type TestApp } from '../test-app.js';
import {
  addSlot,
  addType,
  asGuest,
  type WidgetCalendarFixture,
  weekAhead,
  widgetCalendar,
  widgetUrl,
} from '../widget-fixtures.js';

// Runs in the PostgreSQL pass only (vitest.config.ts): the widget's answers are kept in memory only where the
// database can tell every process of a change (migration 0033's NOTIFY), which PGlite, one process, does not need.

let t: TestApp;
/** A connection of the test's own, listening like an app process, and on a marker channel of its own. */
let listener: pg.Client;
const MARKER_CHANNEL = `praxia_test_marker_${randomUUID().slice(0, 8)}`;
let heard: string[] = [];
let markerHeard: (() => void) | null = null;

beforeAll(async () => {
  t = await createTestApp();
  listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === MARKER_CHANNEL) markerHeard?.();
    else if (message.payload) heard.push(message.payload);
  });
  await listener.query(`LISTEN ${WIDGET_CALENDAR_CHANNEL}`);
  await listener.query(`LISTEN ${MARKER_CHANNEL}`);
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

/**
 * What the database announced for one change: every payload heard between the change and a marker sent after its
 * commit (notifications arrive in commit order), limited to the ones naming this test's calendar or practice.
 */
async function announced(calendar: WidgetCalendarFixture, change: () => Promise<unknown>): Promise<string[]> {
  await everythingHeard();
  heard = [];
  await change();
  await everythingHeard();
  return heard.filter((payload) => payload === `t${calendar.therapistId}` || payload === `c${calendar.customerId}`);
}

/** Returns once the listener heard every notification committed before (a marker sent now arrives after them). */
async function everythingHeard(): Promise<void> {
  const marker = new Promise<void>((resolve) => {
    markerHeard = resolve;
  });
  await t.database.systemDb.execute(sql`SELECT pg_notify(${MARKER_CHANNEL}, 'done')`);
  await marker;
}

const weekQuery = () => {
  const week = weekAhead(2);
  return { from: week.from.toISOString(), to: week.to.toISOString() };
};

async function shownAnswer(calendar: WidgetCalendarFixture, query: Record<string, string>) {
  const response = await asGuest(t, 'GET', widgetUrl(calendar, query));
  expect(response.statusCode).toBe(200);
  return response.json() as { slots: { id: number }[]; nextFreeAppointment: { id: number } | null };
}

async function shownSlotIds(calendar: WidgetCalendarFixture, query = weekQuery()): Promise<number[]> {
  return (await shownAnswer(calendar, query)).slots.map((slot) => slot.id);
}

/** Changes a slot without telling anyone: the triggers are off for the transaction (as a restore would run). */
async function silently(slotId: number, change: 'taken' | 'available' | 'deleted'): Promise<void> {
  await t.database.ownerDb.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    if (change === 'deleted') await tx.delete(appointments).where(eq(appointments.id, slotId));
    else await tx.update(appointments).set({ state: change }).where(eq(appointments.id, slotId));
  });
}

/**
 * Waits until the app keeps the calendar's answer, offering the slot: proven when the slot, taken silently, is still
 * offered (it is then given back, silently). The set-up's own announcements reach the app a moment after they reach
 * this test and make it forget, so the proof is tried again until it holds.
 */
async function untilKept(calendar: WidgetCalendarFixture, slotId: number, query = weekQuery()): Promise<void> {
  await everythingHeard();
  await until(async () => {
    expect(await shownSlotIds(calendar, query)).toContain(slotId);
    await silently(slotId, 'taken');
    const isKept = (await shownSlotIds(calendar, query)).includes(slotId);
    await silently(slotId, 'available');
    return isKept;
  }, 'the answer kept');
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('migration 0033: every change a widget shows is announced at its commit', () => {
  it('names the therapist for slots (once per statement), their types and their account; nothing for notes', async () => {
    const calendar = await widgetCalendar(t);
    const week = weekAhead(2);
    const db = t.database.systemDb;
    const type = await addType(t, calendar);
    const slot = await addSlot(t, calendar, week.at(1, 9));
    const mine = `t${calendar.therapistId}`;

    expect(
      await announced(calendar, () =>
        db.insert(appointments).values(
          [10, 11, 12].map((hour) => ({
            customerId: calendar.customerId,
            therapistId: calendar.therapistId,
            startsAt: week.at(2, hour),
            endsAt: week.at(2, hour, 50),
          })),
        ),
      ),
    ).toEqual([mine]);
    expect(
      await announced(calendar, () =>
        db.update(appointments).set({ notes: 'Notiz' }).where(eq(appointments.id, slot.id)),
      ),
    ).toEqual([]);
    expect(
      await announced(calendar, () =>
        db.update(appointments).set({ state: 'taken' }).where(eq(appointments.id, slot.id)),
      ),
    ).toEqual([mine]);
    expect(
      await announced(calendar, () =>
        db.update(appointments).set({ appointmentTypeId: type.id }).where(eq(appointments.id, slot.id)),
      ),
    ).toEqual([mine]);
    expect(await announced(calendar, () => db.delete(appointments).where(eq(appointments.id, slot.id)))).toEqual([
      mine,
    ]);
    expect(
      await announced(calendar, () =>
        db.update(appointmentTypes).set({ bookingDeadline: 'P2D' }).where(eq(appointmentTypes.id, type.id)),
      ),
    ).toEqual([mine]);
    expect(
      await announced(calendar, () =>
        db.update(users).set({ firstName: 'Erna' }).where(eq(users.id, calendar.therapistId)),
      ),
    ).toEqual([mine]);
    // A sign-in writes the user row too; the widget shows nothing of it.
    expect(
      await announced(calendar, () =>
        db.update(users).set({ language: 'en' }).where(eq(users.id, calendar.therapistId)),
      ),
    ).toEqual([]);
  });

  it('names the practice when its name or openness changes; a rolled-back change is never announced', async () => {
    const calendar = await widgetCalendar(t);
    const db = t.database.systemDb;
    expect(
      await announced(calendar, () =>
        db.update(customers).set({ name: 'Praxis Umbenannt' }).where(eq(customers.id, calendar.customerId)),
      ),
    ).toEqual([`c${calendar.customerId}`]);
    expect(
      await announced(calendar, () =>
        db
          .transaction(async (tx) => {
            await addSlotIn(tx, calendar);
            throw new Error('rolled back');
          })
          .catch(() => undefined),
      ),
    ).toEqual([]);
  });
});

async function addSlotIn(tx: Pick<TestApp['database']['db'], 'insert'>, calendar: WidgetCalendarFixture) {
  const start = weekAhead(2).at(3, 9);
  await tx.insert(appointments).values({
    customerId: calendar.customerId,
    therapistId: calendar.therapistId,
    startsAt: start,
    endsAt: new Date(start.getTime() + 50 * 60_000),
  });
}

describe('GET /appointment/widget keeps its answer in memory until the calendar changes', () => {
  it('serves the kept answer, and the fresh one as soon as the database announces a change', async () => {
    const calendar = await widgetCalendar(t);
    await addType(t, calendar);
    const week = weekAhead(2);
    const first = await addSlot(t, calendar, week.at(1, 9));
    await untilKept(calendar, first.id);

    // Gone without an announcement: the kept answer still offers it.
    await silently(first.id, 'deleted');
    expect(await shownSlotIds(calendar)).toEqual([first.id]);

    // Any announced change of this calendar (here one from another connection, as from another process).
    const second = await addSlot(t, calendar, week.at(2, 9));
    await until(async () => (await shownSlotIds(calendar)).join() === String(second.id), 'the fresh answer');
  });

  it("forgets a practice's answers at once when this process answers a write of that practice, not of another", async () => {
    const calendar = await widgetCalendar(t);
    await addType(t, calendar);
    const other = await widgetCalendar(t);
    const week = weekAhead(2);
    const slot = await addSlot(t, calendar, week.at(1, 9));
    const staff = await createUser(t.database, { roles: Role.THERAPIST, practiceId: calendar.customerId });
    const otherStaff = await createUser(t.database, { roles: Role.THERAPIST, practiceId: other.customerId });
    const cookie = await signIn(t.app, staff.email);
    const otherCookie = await signIn(t.app, otherStaff.email);
    await untilKept(calendar, slot.id);
    await silently(slot.id, 'deleted');

    // A refused write changes nothing in the database: only the process's own forgetting can show the change.
    const refused = { method: 'POST', url: '/api/user/patient', payload: {} } as const;
    expect((await call(t.app, otherCookie, refused)).statusCode).toBe(422);
    expect(await shownSlotIds(calendar)).toEqual([slot.id]);
    expect((await call(t.app, cookie, refused)).statusCode).toBe(422);
    expect(await shownSlotIds(calendar)).toEqual([]);
  });

  it('stops offering a kept slot the moment its booking deadline passes, without any change', async () => {
    const calendar = await widgetCalendar(t);
    const type = await addType(t, calendar, { bookingDeadline: 'PT2H' });
    const closing = await addSlot(t, calendar, new Date(Date.now() + 2 * HOUR_MS + 5_000), {
      appointmentTypeId: type.id,
    });
    const later = await addSlot(t, calendar, new Date(Date.now() + 5 * HOUR_MS));
    const end = new Date(Date.now() + 2 * DAY_MS).toISOString();
    const query = { from: new Date().toISOString(), to: end };
    // A window after the closing slot: it is the answer's next free slot only.
    const afterIt = { from: new Date(Date.now() + 4 * HOUR_MS).toISOString(), to: end };
    await untilKept(calendar, closing.id, query);
    await untilKept(calendar, later.id, afterIt);
    expect(await shownSlotIds(calendar, query)).toEqual([closing.id, later.id]);
    expect((await shownAnswer(calendar, afterIt)).nextFreeAppointment?.id).toBe(closing.id);
    // Two hours before its start the slot closes; the kept answers go with it, though they would keep a minute.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, closing.startsAt.getTime() - 2 * HOUR_MS + 10 - Date.now())),
    );
    expect(await shownSlotIds(calendar, query)).toEqual([later.id]);
    expect((await shownAnswer(calendar, afterIt)).nextFreeAppointment?.id).toBe(later.id);
  });
});
