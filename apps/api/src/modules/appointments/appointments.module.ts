import type { AppModule } from '../app-module.js';
import { registerAppointmentTypeRoutes } from './appointment-types.routes.js';
import { registerAppointmentRoutes } from './appointments.routes.js';
import { registerCalendarSettingsRoutes } from './calendar-settings.routes.js';

/** The calendar: appointment types, appointments, their fee entries, e-mails and the private calendar feed. */
export const appointmentsModule: AppModule = {
  name: 'appointments',
  registerRoutes: (api, ctx) => {
    registerAppointmentTypeRoutes(api, ctx);
    registerCalendarSettingsRoutes(api, ctx);
    registerAppointmentRoutes(api, ctx);
  },
};
