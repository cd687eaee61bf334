import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

export const paymentRoutes: FeatureRoutes = {
  publicRoutes: [
    {
      path: `${paths.paymentSandbox}/:id`,
      ...lazyPage(() => import('./sandbox-checkout-page').then((module) => module.SandboxCheckoutPage)),
    },
  ],
  shellRoutes: [
    {
      // Where the payment provider sends the browser back; reachable while the trial has expired.
      path: paths.paymentThanks,
      ...lazyPage(() => import('./thanks-page').then((module) => module.PaymentThanksPage), {
        permission: ['user', 'read'],
        allowWhenTrialExpired: true,
      }),
    },
  ],
};
