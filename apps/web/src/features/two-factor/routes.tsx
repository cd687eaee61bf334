import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

export const twoFactorRoutes: FeatureRoutes = {
  // Outside the shell: the sidebar's calls are refused until a second factor is set up.
  publicRoutes: [
    {
      path: paths.twoFactorSetup,
      ...lazyPage(() => import('./two-factor-setup-page').then((module) => module.TwoFactorSetupPage)),
    },
  ],
};
