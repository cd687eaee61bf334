import type { FeatureNavigation } from '../../app/feature';

const paths = { paymentSandbox: '/payment/sandbox', paymentThanks: '/payment/thanks' } as const;

export const paymentNavigation = {
  paths,
  sidebar: [],
} satisfies FeatureNavigation;
