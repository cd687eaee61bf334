import type { AppModule } from '../app-module.js';
import { registerAvatarRoutes } from './avatar.routes.js';
import { registerInvoiceSettingsRoutes } from './invoice-settings.routes.js';
import { registerPasswordChangeRoutes } from './password-change.routes.js';
import { registerUserListRoutes } from './user-list.routes.js';
import { registerUserRoutes } from './users.routes.js';

export const usersModule: AppModule = {
  name: 'users',
  registerRoutes: (api, ctx) => {
    registerUserRoutes(api, ctx);
    registerInvoiceSettingsRoutes(api, ctx);
    registerUserListRoutes(api, ctx);
    registerAvatarRoutes(api, ctx);
    registerPasswordChangeRoutes(api, ctx);
  },
};
