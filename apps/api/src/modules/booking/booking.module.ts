import type { AppModule } from '../app-module.js';
import { registerCancelLinkRoutes } from './appointment-cancel-link.routes.js';
import { registerPublicProfileRoutes } from './public-profile.routes.js';
import { registerTherapistSearchRoutes } from './therapist-search.routes.js';
import { registerWaitingListRoutes } from './waiting-list.routes.js';
import { scheduleWaitingListExpiry } from './waiting-list.service.js';
import { registerWidgetRoutes } from './widget.routes.js';
import { registerGuestBookingRoutes } from './widget-booking.routes.js';

/**
 * What guests do: find a therapist (search by postal code, public profile), book in the widget, wait on the waiting
 * list, cancel through a booking's link.
 */
export const bookingModule: AppModule = {
  name: 'booking',
  registerRoutes: (api, ctx) => {
    registerCancelLinkRoutes(api, ctx);
    registerWidgetRoutes(api, ctx);
    registerGuestBookingRoutes(api, ctx);
    registerWaitingListRoutes(api, ctx);
    registerTherapistSearchRoutes(api, ctx);
    registerPublicProfileRoutes(api, ctx);
  },
  registerJobs: (ctx) => scheduleWaitingListExpiry(ctx),
};
