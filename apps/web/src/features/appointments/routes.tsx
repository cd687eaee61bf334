import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

const loadList = () => import('./appointment-list-page').then((module) => module.AppointmentListPage);

export const appointmentRoutes: FeatureRoutes = {
  shellRoutes: [
    // Spec §2: the appointment-list permission; on failure the main page.
    {
      path: paths.appointmentList,
      ...lazyPage(loadList, { permission: ['appointment', 'read'], deniedTo: paths.main }),
    },
  ],
};
