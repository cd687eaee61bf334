import type { AppModule } from '../app-module.js';
import { registerDevSmsRoutes } from './dev-sms.routes.js';

/** Text messages, beside mail: the provider is on the app context (ctx.sms); this module adds the development page. */
export const smsModule: AppModule = {
  name: 'sms',
  registerRoutes: (api, ctx) => {
    // The kept messages hold codes in plain: only for the outbox, never in production (like /dev/mail).
    if (ctx.sms?.name === 'outbox' && !ctx.config.isProduction) registerDevSmsRoutes(api, ctx);
  },
};
