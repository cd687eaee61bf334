import type { CalendarSettings } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Actor } from '../../plugins/actor.js';
import { resolveCalendarTherapist } from './calendar-scope.js';
import { type CalendarSettingsRow, findCalendarSettings, saveCalendarSettings } from './calendar-settings.repo.js';

const toView = (userId: number, row: CalendarSettingsRow | undefined): CalendarSettings => ({
  userId,
  appointmentOnsiteNotificationDefault: row?.onsiteNotificationDefault ?? true,
  hasCalendarFeed: Boolean(row?.feedSecretHash),
});

export async function getCalendarSettings(ctx: AppContext, actor: Actor, userId?: number): Promise<CalendarSettings> {
  const therapistId = await resolveCalendarTherapist(ctx.db, actor, userId);
  return toView(therapistId, await findCalendarSettings(ctx.db, therapistId));
}

/** The types page's checkbox: whether new on-site appointments send e-mails by default (spec §4.1). */
export async function setOnsiteNotificationDefault(
  ctx: AppContext,
  actor: Actor,
  input: { userId?: number; appointmentOnsiteNotificationDefault: boolean },
): Promise<CalendarSettings> {
  const therapistId = await resolveCalendarTherapist(ctx.db, actor, input.userId);
  const row = await saveCalendarSettings(ctx.db, therapistId, {
    onsiteNotificationDefault: input.appointmentOnsiteNotificationDefault,
  });
  return toView(therapistId, row);
}
