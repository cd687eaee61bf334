import { IconFolders } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = { patientList: '/patient/list' } as const;

/** Patients arrive with a later issue; the sidebar links them already. */
export const patientNavigation = {
  paths,
  sidebar: [
    {
      key: 'patients',
      to: paths.patientList,
      resource: 'patient',
      group: 'top',
      position: 40,
      icon: IconFolders,
      isComingLater: true,
    },
  ],
} satisfies FeatureNavigation;
