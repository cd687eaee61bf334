import { requestRowScope } from '../../plugins/row-scope.js';
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
  registerHooks: (app, ctx) => {
    // A write answered by this process is committed before its response leaves: the widget answers it may have changed
    // are forgotten now, so that the caller's next read here sees it without waiting for the database's NOTIFY.
    app.addHook('onSend', async (request) => {
      if (READ_METHODS.has(request.method)) return;
      const scope = requestRowScope(request);
      if (typeof scope === 'number') ctx.widgetAnswers.forgetPractice(scope);
      else ctx.widgetAnswers.forgetAll();
    });
  },
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
