import type { AppModule } from '../app-module.js';
import { registerAuditRoutes } from './audit.routes.js';
import { scheduleProbeRetention } from './probe-retention.js';

export const auditModule: AppModule = {
  name: 'audit',
  registerRoutes: registerAuditRoutes,
  registerJobs: scheduleProbeRetention,
};
