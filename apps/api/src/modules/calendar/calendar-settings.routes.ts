import { calendarSettingsPatchSchema, calendarSettingsQuerySchema, calendarSettingsSchema } from '@praxia/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requireActor } from '../../plugins/actor.js';
import { getCalendarSettings, setOnsiteNotificationDefault } from './calendar-settings.service.js';

/** A therapist's calendar settings: the on-site e-mail default of the types page (spec §2.3, §3). */
export function registerCalendarSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['appointment types'];

  api.get('/calendar-settings', {
    config: { access: ['appointmentType', 'read'] },
    schema: { tags, querystring: calendarSettingsQuerySchema, response: { 200: calendarSettingsSchema } },
    handler: async (request) => getCalendarSettings(ctx, requireActor(request), request.query.userId),
  });

  api.patch('/calendar-settings', {
    config: { access: ['appointmentType', 'edit'] },
    schema: { tags, body: calendarSettingsPatchSchema, response: { 200: calendarSettingsSchema } },
    handler: async (request) => setOnsiteNotificationDefault(ctx, requireActor(request), request.body),
  });
}
