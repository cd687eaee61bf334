import { ErrorCode } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/db/schema.js';
import {
  api,
  bookingInput,
  type CalendarPractice,
  calendarPractice,
  createSlot,
  freshDay,
} from '../calendar-fixtures.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
let team: CalendarPractice;

beforeAll(async () => {
  t = await createTestApp();
  team = await calendarPractice(t);
});
afterAll(() => t.close());

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('the database decides races, no application lock', () => {
  it('50 simultaneous bookings of one free slot: exactly one succeeds, 49 get 409', async () => {
    const day = freshDay();
    const slot = await createSlot(t, team.therapist.cookie, {
      appointmentStart: `${day} 09:00`,
      appointmentEnd: `${day} 10:00`,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        api(
          t,
          index % 2 ? team.therapist.cookie : team.assistant.cookie,
          'PATCH',
          `/appointment/${slot.id}/book`,
          bookingInput(),
        ),
      ),
    );
    expect(tally(answers.map((answer) => answer.statusCode))).toEqual({ 200: 1, 409: 49 });
    const conflicts = answers.filter((answer) => answer.statusCode === 409);
    expect(new Set(conflicts.map((answer) => answer.json().code))).toEqual(
      new Set([ErrorCode.appointmentNotAvailable]),
    );
    const winner = answers.find((answer) => answer.statusCode === 200)?.json();
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, slot.id));
    expect(row).toMatchObject({ state: 'taken', clientId: winner.clientId, clientEmail: winner.client.email });
  });

  it('20 simultaneous creations on overlapping times: exactly one succeeds, 19 get "Appointment overlaps."', async () => {
    const day = freshDay();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api(t, team.otherTherapist.cookie, 'POST', '/appointment', {
          // Each starts a few minutes later than the one before; every pair overlaps.
          appointmentStart: `${day} 10:${String(index).padStart(2, '0')}`,
          appointmentEnd: `${day} 11:${String(index).padStart(2, '0')}`,
        }),
      ),
    );
    expect(tally(answers.map((answer) => answer.statusCode))).toEqual({ 201: 1, 409: 19 });
    for (const answer of answers.filter((response) => response.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ detail: 'Appointment overlaps.', code: ErrorCode.appointmentOverlaps });
    }
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.therapistId, team.otherTherapist.id));
    expect(rows).toHaveLength(1);
  });
});
