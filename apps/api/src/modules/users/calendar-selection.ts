import type { Executor } from '../../db/client.js';
import { forTherapist, type PracticeScope, type Scope } from '../../lib/scope.js';
import { notFound } from '../../plugins/errors.js';
import { isTherapistOfPractice } from './therapist-scope.js';

const therapistNotFound = () => notFound('Therapist not found');

/** The caller's scope when it works in one practice; any other caller has no calendar (404, like a missing id). */
export function requireCalendarPractice(scope: Scope): PracticeScope {
  if (scope.kind !== 'practice') throw therapistNotFound();
  return scope;
}

/**
 * The calendar a call changes, and the caller's scope narrowed to it: the caller's own when they treat and name
 * nobody else, or that of the therapist an assistant names, who must be an active therapist of the acting practice.
 * Anything else answers 404 — a therapist of another practice exactly like one who does not exist.
 */
export async function resolveCalendar(
  db: Executor,
  scope: Scope,
  requested?: number,
): Promise<{ scope: PracticeScope; therapistId: number }> {
  const practice = requireCalendarPractice(scope);
  const therapistId = requested ?? practice.userId;
  const isOwn = therapistId === practice.userId && practice.treats;
  const narrowed = requested !== undefined || isOwn ? forTherapist(practice, therapistId, 'calendars') : null;
  if (narrowed?.kind !== 'practice') throw therapistNotFound();
  if (!isOwn && !(await isTherapistOfPractice(db, practice.practiceId, therapistId))) throw therapistNotFound();
  return { scope: narrowed, therapistId };
}

/**
 * The calendars a list covers, as the caller's scope narrowed to them: the named ones (each checked as above), the
 * caller's own, or — for an assistant who names nobody — the whole practice.
 */
export async function resolveCalendars(
  db: Executor,
  scope: Scope,
  requested: readonly number[] | undefined,
): Promise<PracticeScope> {
  const practice = requireCalendarPractice(scope);
  if (!requested || requested.length === 0) {
    if (practice.calendarIds?.length === 0) throw therapistNotFound();
    return practice;
  }
  const unique = [...new Set(requested)];
  for (const id of unique) await resolveCalendar(db, practice, id);
  return { ...practice, therapistIds: unique, calendarIds: unique };
}
