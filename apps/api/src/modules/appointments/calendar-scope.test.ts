import { Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../plugins/actor.js';
import { actsForOtherTherapists, canSeeCalendarRow, requirePractice } from './calendar-scope.js';

const PRACTICE = 7;
const actor = (roles: number, values: Partial<Actor> = {}): Actor => ({
  userId: 100,
  roles,
  customerIds: [PRACTICE],
  practiceId: PRACTICE,
  patientOfPracticeId: null,
  sessionIdHash: new Uint8Array(),
  idleExpiresAt: new Date(),
  isTrialExpired: false,
  ...values,
});

const therapist = actor(Role.THERAPIST);
const owner = actor(Role.THERAPIST | Role.CUSTOMER_ADMIN);
const assistant = actor(Role.SECRETARY);

describe('whose calendar a caller works on (spec appointments §6)', () => {
  it('lets assistants work on the practice’s other calendars; therapists and treating owners on their own', () => {
    expect(actsForOtherTherapists(assistant)).toBe(true);
    expect(actsForOtherTherapists(therapist)).toBe(false);
    expect(actsForOtherTherapists(owner)).toBe(false);
  });

  it('shows a row only of the acting practice, and of another therapist only to an assistant', () => {
    const own = { customerId: PRACTICE, therapistId: 100 };
    const colleague = { customerId: PRACTICE, therapistId: 101 };
    const foreign = { customerId: PRACTICE + 1, therapistId: 100 };
    expect([own, colleague, foreign].map((row) => canSeeCalendarRow(therapist, row))).toEqual([true, false, false]);
    expect([own, colleague, foreign].map((row) => canSeeCalendarRow(assistant, row))).toEqual([true, true, false]);
  });

  it('answers 404 to a caller without a practice, as for a missing id', () => {
    expect(requirePractice(owner)).toBe(PRACTICE);
    expect(() => requirePractice(actor(Role.ADMIN, { practiceId: null, customerIds: [] }))).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});
