import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

const load = (mode: 'staff' | 'patients') => () =>
  import('./user-list-page').then(({ UserListPage }) => () => <UserListPage mode={mode} />);

export const userListRoutes: FeatureRoutes = {
  shellRoutes: [
    { path: paths.userList, ...lazyPage(load('staff'), { permission: ['userList', 'read'], deniedTo: paths.login }) },
    {
      path: paths.userPatientList,
      ...lazyPage(load('patients'), { permission: ['patient', 'read'], deniedTo: paths.login }),
    },
  ],
};
