import { addPracticeDays } from '@praxia/shared';
import ical from 'ical-generator';
import type { AppContext } from '../../context.js';
import { scopeOf, systemScope } from '../../lib/scope.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import type { Actor } from '../../plugins/actor.js';
import { notFound } from '../../plugins/errors.js';
import { resolveCalendar } from '../users/index.js';
import { listFeedAppointments } from './appointment-jobs.repo.js';
import { findTherapistByFeedSecret, saveCalendarSettings } from './calendar-settings.repo.js';

const FEED_SUFFIX = '.ics';
// The secret names a therapist only: the feed shows their calendars in every practice.
const calendarFeed = systemScope('calendar feed');

const feedUrl = (ctx: AppContext, secret: string) =>
  `${ctx.config.publicUrl}/api/calendar-feed/${secret}${FEED_SUFFIX}`;

/**
 * POST /calendar-settings/feed: a new secret address for the therapist's private calendar feed (256 random bits,
 * only the hash is kept); the previous address stops working at once.
 */
export async function renewCalendarFeed(ctx: AppContext, actor: Actor, userId?: number): Promise<{ url: string }> {
  const { therapistId } = await resolveCalendar(ctx.db, scopeOf(actor), userId);
  const secret = createToken();
  await saveCalendarSettings(ctx.db, therapistId, { feedSecretHash: hashToken(secret) });
  return { url: feedUrl(ctx, secret) };
}

/** DELETE /calendar-settings/feed: the feed address stops working; a new one can be made at any time. */
export async function revokeCalendarFeed(ctx: AppContext, actor: Actor, userId?: number): Promise<void> {
  const { therapistId } = await resolveCalendar(ctx.db, scopeOf(actor), userId);
  await saveCalendarSettings(ctx.db, therapistId, { feedSecretHash: null });
}

const initialsOf = (firstName: string | null, lastName: string | null) =>
  [firstName, lastName]
    .map((name) => name?.trim()[0])
    .filter(Boolean)
    .map((initial) => `${initial}.`)
    .join(' ');

/**
 * GET /calendar-feed/{secret}.ics: the therapist's booked appointments from a month back to a year ahead, for a
 * phone's calendar. Each shows its time, type and the patient's initials, never names, notes or places: the address
 * is a bearer secret that calendar apps keep and sync over the internet.
 */
export async function renderCalendarFeed(ctx: AppContext, file: string): Promise<string> {
  const secret = file.endsWith(FEED_SUFFIX) ? file.slice(0, -FEED_SUFFIX.length) : '';
  const therapistId = secret ? await findTherapistByFeedSecret(ctx.db, hashToken(secret)) : undefined;
  if (therapistId === undefined) throw notFound('Calendar feed not found');
  const now = new Date();
  const rows = await listFeedAppointments(
    ctx.db,
    calendarFeed,
    therapistId,
    addPracticeDays(now, -31),
    addPracticeDays(now, 366),
  );
  const host = new URL(ctx.config.publicUrl).hostname;
  const calendar = ical({
    name: 'Praxia',
    prodId: { company: 'Praxia', product: 'Kalender', language: 'DE' },
    ttl: 900,
  });
  for (const row of rows) {
    const initials = initialsOf(row.firstName, row.lastName);
    calendar.createEvent({
      id: `appointment-${row.id}@${host}`,
      start: row.startsAt,
      end: row.endsAt,
      stamp: row.updatedAt,
      summary: [row.typeName ?? 'Termin', initials].filter(Boolean).join(' – '),
    });
  }
  return calendar.toString();
}
