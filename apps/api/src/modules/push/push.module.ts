import type { AppModule } from '../app-module.js';
import { registerPushRoutes } from './push.routes.js';

export const pushModule: AppModule = { name: 'push', registerRoutes: registerPushRoutes };
