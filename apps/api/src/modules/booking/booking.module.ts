import type { AppModule } from '../app-module.js';
import { registerCancelLinkRoutes } from './appointment-cancel-link.routes.js';
import { registerWaitingListRoutes } from './waiting-list.routes.js';
import { scheduleWaitingListExpiry } from './waiting-list.service.js';
import { registerWidgetRoutes } from './widget.routes.js';
import { registerGuestBookingRoutes } from './widget-booking.routes.js';

/** What guests do: the booking widget's slots and bookings, the waiting list, and the cancel link of a booking. */
export const bookingModule: AppModule = {
  name: 'booking',
  registerRoutes: (api, ctx) => {
    registerCancelLinkRoutes(api, ctx);
    registerWidgetRoutes(api, ctx);
    registerGuestBookingRoutes(api, ctx);
    registerWaitingListRoutes(api, ctx);
  },
  registerJobs: (ctx) => scheduleWaitingListExpiry(ctx),
};
