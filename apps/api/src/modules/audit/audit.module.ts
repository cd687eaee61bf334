import type { AppModule } from '../app-module.js';
import { registerAuditRoutes } from './audit.routes.js';
import { scheduleAuditPartitions } from './audit-partitions.js';
import { scheduleHeldAuditFlush } from './held-audit-writes.js';
import { scheduleProbeRetention } from './probe-retention.js';

export const auditModule: AppModule = {
  name: 'audit',
  registerRoutes: registerAuditRoutes,
  registerJobs: (ctx) => {
    scheduleProbeRetention(ctx);
    scheduleAuditPartitions(ctx);
    scheduleHeldAuditFlush(ctx);
  },
};
