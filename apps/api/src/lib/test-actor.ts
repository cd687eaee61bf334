import type { Actor } from '../plugins/actor.js';

/** For unit tests of scope rules: a signed-in caller of practice 7 (user 100), with the given roles. */
export const TEST_PRACTICE = 7;

export const testActor = (roles: number, values: Partial<Actor> = {}): Actor => ({
  userId: 100,
  roles,
  customerIds: [TEST_PRACTICE],
  practiceId: TEST_PRACTICE,
  patientOfPracticeId: null,
  sessionIdHash: new Uint8Array(),
  idleExpiresAt: new Date(),
  isTrialExpired: false,
  isSecondFactorMissing: false,
  ...values,
});
