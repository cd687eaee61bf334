import { IconFileText } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = { patientDocuments: '/patient/documents' } as const;

/** Document exchange, the patient's side: the sidebar entry patients see after signing in. */
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
  ],
} satisfies FeatureNavigation;
