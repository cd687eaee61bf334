import type { AppModule } from '../app-module.js';
import { registerAppointmentTypeRoutes } from './appointment-types.routes.js';

/** A therapist's appointment types in a practice, and the default type every new calendar starts with. */
export const appointmentTypesModule: AppModule = {
  name: 'appointment-types',
  registerRoutes: (api, ctx) => registerAppointmentTypeRoutes(api, ctx),
};
