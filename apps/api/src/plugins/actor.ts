import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.js';

/** Why a session was ended on purpose before its time (kept on the session row). */
export type SessionEndedBy = 'signedOut' | 'passwordChanged' | 'deactivated';
/** Why a session no longer works: ended on purpose, or timed out (idle, or at its absolute lifetime). */
export type SessionEndReason = SessionEndedBy | 'inactivity' | 'lifetime';

/** The signed-in caller, as services receive it. */
export type Actor = {
  userId: number;
  roles: number;
  /** Every practice the user belongs to. */
  customerIds: number[];
  /**
   * The practice this request acts for, resolved once per request: the one named by the X-Praxia-Practice header
   * when the user belongs to it, else the user's first practice; null for platform admins without a practice.
   * Services scope every tenant query by it.
   */
  practiceId: number | null;
  /** The practice whose patient the user is: a patient's requests see that practice's rows (plugins/row-scope.ts). */
  patientOfPracticeId: number | null;
  sessionIdHash: Uint8Array;
  idleExpiresAt: Date;
  /** A practice owner whose trial has ended: only the upgrade and account calls stay open. */
  isTrialExpired: boolean;
  /** Staff of a practice that requires a strong second factor, without one yet: only enrolment stays open. */
  isSecondFactorMissing: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** Why the session of the cookie that arrived has ended (null: no cookie, or a live session). */
    sessionEnded: SessionEndReason | null;
  }
}

/** The signed-in caller of a route that declared signedIn or a permission (the access check ran first). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export const PRACTICE_HEADER = 'x-praxia-practice';

/** The acting practice among the user's practices (the header may only choose one of them). */
export function resolveActingPractice(
  customerIds: readonly number[],
  requested: string | string[] | undefined,
): number | null {
  const wanted = typeof requested === 'string' && /^\d{1,9}$/.test(requested) ? Number(requested) : undefined;
  if (wanted !== undefined && customerIds.includes(wanted)) return wanted;
  return customerIds[0] ?? null;
}
