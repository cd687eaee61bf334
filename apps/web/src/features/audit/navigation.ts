import { IconListSearch } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = { audit: '/audit' } as const;

/** The practice owner's audit log, under settings. */
export const auditNavigation = {
  paths,
  sidebar: [
    {
      key: 'audit',
      labelKey: 'audit.nav',
      to: paths.audit,
      resource: 'audit',
      group: 'settings',
      position: 60,
      icon: IconListSearch,
    },
  ],
} satisfies FeatureNavigation;

export const auditReportPath = (patientId: number) => `${paths.audit}/patient/${patientId}`;
