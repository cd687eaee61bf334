import type { AppModule } from '../app-module.js';
import { registerInvoiceSettingsRoutes } from './invoice-settings.routes.js';
import { registerUserListRoutes } from './user-list.routes.js';
import { registerUserRoutes } from './users.routes.js';

export const usersModule: AppModule = {
  name: 'users',
  registerRoutes: (api, ctx) => {
    registerUserRoutes(api, ctx);
    registerInvoiceSettingsRoutes(api, ctx);
    registerUserListRoutes(api, ctx);
  },
};
