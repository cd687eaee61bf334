import type { AppModule } from '../app-module.js';
import { registerDevMailRoutes } from './dev-mail.routes.js';

export const mailModule: AppModule = {
  name: 'mail',
  // Mails leave right after their commit (sendMail); this catches what that missed: retries after their back-off,
  // and mails a crashed process had claimed. resume() logs its own failures, so the next minute is the retry.
  registerJobs: (ctx) =>
    ctx.jobs.schedule('mail-outbox', '* * * * *', () => ctx.mail.resume(), { retryLimit: 0, expireInSeconds: 5 * 60 }),
  registerRoutes: (api, ctx) => {
    // The development outbox holds codes and links in plain: only without real delivery, never in production.
    if (!ctx.config.isProduction && !ctx.config.smtpUrl) registerDevMailRoutes(api, ctx);
  },
};
