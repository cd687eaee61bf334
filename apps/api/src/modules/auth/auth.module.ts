import type { AppModule } from '../app-module.js';
import { registerAuthRoutes } from './auth.routes.js';
import { scheduleHousekeeping } from './housekeeping.js';
import { registerMfaRoutes } from './mfa.routes.js';
import { registerPasskeyEnrolmentRoutes, registerPasskeySignInRoutes } from './passkeys/index.js';
import { registerSessions } from './session.plugin.js';

export const authModule: AppModule = {
  name: 'auth',
  registerHooks: (app, ctx) =>
    registerSessions(app, { db: ctx.db, secureCookies: ctx.config.publicUrl.startsWith('https://') }),
  registerRoutes: (api, ctx) => {
    registerAuthRoutes(api, ctx);
    registerPasskeySignInRoutes(api, ctx);
    registerPasskeyEnrolmentRoutes(api, ctx);
    registerMfaRoutes(api, ctx);
  },
  registerJobs: scheduleHousekeeping,
};
