import type { FeatureNavigation } from '../../app/feature';

const paths = {
  /** Where staff of a practice that requires a second factor are led until they have one. */
  twoFactorSetup: '/user/two-factor-setup',
} as const;

export const twoFactorNavigation = { paths, sidebar: [] } satisfies FeatureNavigation<typeof paths>;
