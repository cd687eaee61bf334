import type { AppModule } from '../app-module.js';
import { registerAuditRoutes } from './audit.routes.js';

export const auditModule: AppModule = { name: 'audit', registerRoutes: registerAuditRoutes };
