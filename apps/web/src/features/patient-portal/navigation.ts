import { IconFileText, IconUser } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = { patientDocuments: '/patient/documents', patientProfile: '/user/profile' } as const;

/** The sidebar entries patients see after signing in: the document exchange and their own contact data. */
export const patientPortalNavigation = {
  paths,
  sidebar: [
    {
      key: 'patientDocuments',
      labelKey: 'medicalHistory.navPatientDocuments',
      to: paths.patientDocuments,
      resource: 'patientSelf',
      group: 'top',
      position: 15,
      icon: IconFileText,
    },
    {
      key: 'patientProfile',
      labelKey: 'medicalHistory.navPatientProfile',
      to: paths.patientProfile,
      resource: 'patientSelf',
      group: 'top',
      position: 16,
      icon: IconUser,
    },
  ],
} satisfies FeatureNavigation;
