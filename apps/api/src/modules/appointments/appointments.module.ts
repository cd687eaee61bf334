import type { AppModule } from '../app-module.js';
import { registerCancelLinkRoutes } from './appointment-cancel-link.routes.js';
import { registerAppointmentFeeRoutes } from './appointment-fees.routes.js';
import { scheduleReminders } from './appointment-reminders.js';
import { registerAppointmentTypeRoutes } from './appointment-types.routes.js';
import { registerAppointmentRoutes } from './appointments.routes.js';
import { registerCalendarFeedRoutes } from './calendar-feed.routes.js';
import { registerCalendarSettingsRoutes } from './calendar-settings.routes.js';
import { registerWaitingListRoutes } from './waiting-list.routes.js';
import { scheduleWaitingListExpiry } from './waiting-list.service.js';
import { registerWidgetRoutes } from './widget.routes.js';

/**
 * The calendar: appointment types, appointments, their fee entries, e-mails and the private calendar feed; the booking
 * widget's slots, guest bookings and waiting list.
 */
export const appointmentsModule: AppModule = {
  name: 'appointments',
  registerRoutes: (api, ctx) => {
    registerAppointmentTypeRoutes(api, ctx);
    registerCalendarSettingsRoutes(api, ctx);
    registerAppointmentRoutes(api, ctx);
    registerAppointmentFeeRoutes(api, ctx);
    registerCancelLinkRoutes(api, ctx);
    registerCalendarFeedRoutes(api, ctx);
    registerWidgetRoutes(api, ctx);
    registerWaitingListRoutes(api, ctx);
  },
  registerJobs: (ctx) => {
    scheduleReminders(ctx);
    scheduleWaitingListExpiry(ctx);
  },
};
