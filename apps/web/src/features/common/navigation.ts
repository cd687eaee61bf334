import { PUBLIC_PAGE_PATHS } from '@praxia/shared/public-pages';
import { IconLayoutDashboard } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = {
  root: '/',
  main: '/main',
  settings: '/settings',
  // Served by the public entry (public-pages.html); the staff app links them with full page loads.
  ...PUBLIC_PAGE_PATHS,
  help: '/help',
  notFound: '/error404',
  devMail: '/dev/mail',
} as const;

export const commonNavigation = {
  paths,
  sidebar: [{ key: 'main', to: paths.main, resource: 'main', group: 'top', position: 10, icon: IconLayoutDashboard }],
} satisfies FeatureNavigation;
