import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

const ownerOnly = { permission: ['audit', 'read'] as const, deniedTo: paths.login };

export const auditRoutes: FeatureRoutes = {
  shellRoutes: [
    {
      path: paths.audit,
      ...lazyPage(() => import('./audit-log-page').then((module) => module.AuditLogPage), ownerOnly),
    },
    {
      path: `${paths.audit}/patient/:patientId`,
      ...lazyPage(() => import('./audit-report-page').then((module) => module.AuditReportPage), ownerOnly),
    },
  ],
};
