import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

export const medicalHistoryRoutes: FeatureRoutes = {
  shellRoutes: [
    {
      path: `${paths.medicalHistory}/:clientId`,
      ...lazyPage(() => import('./medical-history-page').then((module) => module.MedicalHistoryPage), {
        permission: ['medicalHistory', 'read'],
        deniedTo: paths.login,
      }),
    },
  ],
};
