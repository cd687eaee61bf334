import { can } from '@praxia/shared';
import type { Executor } from '../../db/client.js';
import { isTherapist } from '../../lib/roles.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { isTherapistOfPractice } from '../users/index.js';

/**
 * Assistants work on the calendars of the practice's therapists (spec §6: the therapist filter is theirs); everyone
 * else with calendar access — practice owners who treat included — works on their own calendar only.
 */
export const actsForOtherTherapists = (actor: Actor) => can(actor.roles, 'appointmentOthers', 'read');

const therapistNotFound = () => notFound('Therapist not found');

/** The acting practice; a caller without one has no calendar (404, like a missing id). */
export function requirePractice(actor: Actor): number {
  if (actor.practiceId === null) throw therapistNotFound();
  return actor.practiceId;
}

/**
 * The therapist whose calendar a call changes: the caller when they treat and name nobody else, or the therapist an
 * assistant names, who must be an active therapist of the acting practice. Anything else answers 404 — a therapist
 * of another practice exactly like one who does not exist.
 */
export async function resolveCalendarTherapist(db: Executor, actor: Actor, requested?: number): Promise<number> {
  const practiceId = requirePractice(actor);
  if ((requested === undefined || requested === actor.userId) && isTherapist(actor)) return actor.userId;
  if (requested === undefined || !actsForOtherTherapists(actor)) throw therapistNotFound();
  if (!(await isTherapistOfPractice(db, practiceId, requested))) throw therapistNotFound();
  return requested;
}

/**
 * The therapists a list covers: the named ones (each checked as above), the caller alone, or — for an assistant who
 * names nobody — the whole practice (null).
 */
export async function resolveCalendarTherapists(
  db: Executor,
  actor: Actor,
  requested: readonly number[] | undefined,
): Promise<number[] | null> {
  requirePractice(actor);
  if (!requested || requested.length === 0) {
    if (actsForOtherTherapists(actor)) return null;
    if (isTherapist(actor)) return [actor.userId];
    throw therapistNotFound();
  }
  const unique = [...new Set(requested)];
  for (const id of unique) await resolveCalendarTherapist(db, actor, id);
  return unique;
}

/** Whether the caller may see a row of this therapist in this practice (its own practice, its own calendar). */
export function canSeeCalendarRow(actor: Actor, row: { customerId: number; therapistId: number }): boolean {
  return row.customerId === actor.practiceId && (actsForOtherTherapists(actor) || row.therapistId === actor.userId);
}
