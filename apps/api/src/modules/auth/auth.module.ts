import type { AppModule } from '../app-module.js';
import { registerAuthRoutes } from './auth.routes.js';
import { scheduleHousekeeping } from './housekeeping.js';
import { registerSessions } from './session.plugin.js';

export const authModule: AppModule = {
  name: 'auth',
  registerHooks: (app, ctx) =>
    registerSessions(app, { db: ctx.db, secureCookies: ctx.config.publicUrl.startsWith('https://') }),
  registerRoutes: registerAuthRoutes,
  registerJobs: scheduleHousekeeping,
};
