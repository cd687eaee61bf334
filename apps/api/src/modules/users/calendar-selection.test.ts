import { Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.js';
import { scopeOf } from '../../lib/scope.js';
import { testActor as actor, TEST_PRACTICE as PRACTICE } from '../../lib/test-actor.js';
import { requireCalendarPractice, resolveCalendar, resolveCalendars } from './calendar-selection.js';

// None of these cases asks the database: only an assistant naming a colleague does (the API tests cover that).
const db = {} as Executor;
const notFound = expect.objectContaining({ status: 404 });

const therapist = scopeOf(actor(Role.THERAPIST));
const treatingOwner = scopeOf(actor(Role.THERAPIST | Role.CUSTOMER_ADMIN));
const owner = scopeOf(actor(Role.CUSTOMER_ADMIN));
const assistant = scopeOf(actor(Role.SECRETARY));

describe('the calendars a call works on (spec appointments §6)', () => {
  it('answers 404 to a caller without a practice, as for a missing id', () => {
    expect(requireCalendarPractice(treatingOwner)).toMatchObject({ practiceId: PRACTICE });
    const admin = scopeOf(actor(Role.ADMIN | Role.THERAPIST, { practiceId: null, customerIds: [] }));
    expect(() => requireCalendarPractice(admin)).toThrow(notFound);
  });

  it('gives one who treats their own calendar, and refuses a colleague’s to therapists and treating owners', async () => {
    await expect(resolveCalendar(db, therapist)).resolves.toMatchObject({
      therapistId: 100,
      scope: { calendarIds: [100] },
    });
    await expect(resolveCalendar(db, therapist, 101)).rejects.toThrow(notFound);
    await expect(resolveCalendar(db, treatingOwner, 101)).rejects.toThrow(notFound);
    await expect(resolveCalendar(db, assistant)).rejects.toThrow(notFound);
  });

  it('lists an assistant’s whole practice, a therapist’s own calendar, and nothing for an owner who does not treat', async () => {
    await expect(resolveCalendars(db, assistant, [])).resolves.toMatchObject({ calendarIds: null });
    await expect(resolveCalendars(db, treatingOwner, undefined)).resolves.toMatchObject({ calendarIds: [100] });
    await expect(resolveCalendars(db, therapist, [100, 100])).resolves.toMatchObject({ calendarIds: [100] });
    await expect(resolveCalendars(db, owner, undefined)).rejects.toThrow(notFound);
  });
});
