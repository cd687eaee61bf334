import type { AppModule } from '../app-module.js';
import { registerCommonRoutes } from './common.routes.js';

export const commonModule: AppModule = { name: 'common', registerRoutes: registerCommonRoutes };
