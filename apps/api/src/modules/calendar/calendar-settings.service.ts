import type { CalendarSettings } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { resolveCalendar } from '../users/index.js';
import { type CalendarSettingsRow, findCalendarSettings, saveCalendarSettings } from './calendar-settings.repo.js';

const toView = (userId: number, row: CalendarSettingsRow | undefined): CalendarSettings => ({
  userId,
  appointmentOnsiteNotificationDefault: row?.onsiteNotificationDefault ?? true,
  hasCalendarFeed: Boolean(row?.feedSecretHash),
});

export async function getCalendarSettings(ctx: AppContext, actor: Actor, userId?: number): Promise<CalendarSettings> {
  const { therapistId } = await resolveCalendar(ctx.db, scopeOf(actor), userId);
  return toView(therapistId, await findCalendarSettings(ctx.db, therapistId));
}

/** The types page's checkbox: whether new on-site appointments send e-mails by default (spec §4.1). */
export async function setOnsiteNotificationDefault(
  ctx: AppContext,
  actor: Actor,
  input: { userId?: number; appointmentOnsiteNotificationDefault: boolean },
): Promise<CalendarSettings> {
  const { therapistId } = await resolveCalendar(ctx.db, scopeOf(actor), input.userId);
  const row = await saveCalendarSettings(ctx.db, therapistId, {
    onsiteNotificationDefault: input.appointmentOnsiteNotificationDefault,
  });
  return toView(therapistId, row);
}
