import type { AppModule } from '../app-module.js';
import { registerAppointmentFeeRoutes } from './appointment-fees.routes.js';
import { scheduleReminders } from './appointment-reminders.js';
import { registerAppointmentRoutes } from './appointments.routes.js';
import { registerCalendarFeedRoutes } from './calendar-feed.routes.js';
import { registerCalendarSettingsRoutes } from './calendar-settings.routes.js';
import { registerPatientAppointmentRoutes } from './patient-appointments.routes.js';

/**
 * The calendar: appointments, their series, fee entries, billing states and e-mails (reminders included), the
 * calendar settings and the private calendar feed.
 */
export const calendarModule: AppModule = {
  name: 'calendar',
  registerRoutes: (api, ctx) => {
    registerCalendarSettingsRoutes(api, ctx);
    registerAppointmentRoutes(api, ctx);
    registerAppointmentFeeRoutes(api, ctx);
    registerCalendarFeedRoutes(api, ctx);
    registerPatientAppointmentRoutes(api, ctx);
  },
  registerJobs: (ctx) => scheduleReminders(ctx),
};
