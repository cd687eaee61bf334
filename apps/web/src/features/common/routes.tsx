import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

export const commonRoutes: FeatureRoutes = {
  publicRoutes: [
    { path: paths.help, ...lazyPage(() => import('./help-page').then((module) => module.HelpPage)) },
    { path: paths.devMail, ...lazyPage(() => import('./dev-mail-page').then((module) => module.DevMailPage)) },
  ],
  shellRoutes: [
    {
      path: paths.main,
      ...lazyPage(() => import('./main-page').then((module) => module.MainPage), { permission: ['main', 'read'] }),
    },
    {
      path: paths.settings,
      ...lazyPage(() => import('./settings-page').then((module) => module.SettingsPage), {
        permission: ['settings', 'read'],
      }),
    },
  ],
};
