import { IconFolders } from '@tabler/icons-react';
import type { FeatureNavigation } from '../../app/feature';

const paths = {
  patientList: '/patient/list',
  patientCreate: '/user/patient/create',
} as const;

export const patientFormPaths = {
  // Spec people §2: the user-create route makes a patient when isPatient is set.
  create: '/user/create?isPatient=true',
  // Spec people §2: one edit route for users and patients; it shows the patient form for a patient.
  edit: (id: number) => `/user/edit/${id}`,
};

/** The sidebar's patients entry; /patient/list leads to the patient list at /user/patient-list. */
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
    },
  ],
} satisfies FeatureNavigation;
