import type { AppModule } from '../app-module.js';
import { registerDevMailRoutes } from './dev-mail.routes.js';

export const mailModule: AppModule = {
  name: 'mail',
  registerRoutes: (api, ctx) => {
    // The development outbox holds codes and links in plain: only without real delivery, never in production.
    if (!ctx.config.isProduction && !ctx.config.smtpUrl) registerDevMailRoutes(api, ctx);
  },
};
