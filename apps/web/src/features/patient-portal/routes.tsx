import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

export const patientPortalRoutes: FeatureRoutes = {
  shellRoutes: [
    {
      path: paths.patientDocuments,
      ...lazyPage(() => import('./patient-documents-page').then((module) => module.PatientDocumentsPage), {
        permission: ['patientSelf', 'read'],
      }),
    },
  ],
};
