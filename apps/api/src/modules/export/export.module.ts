import type { AppModule } from '../app-module.js';
import { registerExportRoutes } from './export.routes.js';

export const exportModule: AppModule = { name: 'export', registerRoutes: registerExportRoutes };
