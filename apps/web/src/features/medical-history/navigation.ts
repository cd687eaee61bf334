import type { FeatureNavigation } from '../../app/feature';

const paths = { medicalHistory: '/user/medical-history', userEdit: '/user/edit' } as const;

/** The medical history is reached from the patient list (row menu), never from the sidebar. */
export const medicalHistoryNavigation = { paths, sidebar: [] } satisfies FeatureNavigation;

export const medicalHistoryPath = (clientId: number) => `${paths.medicalHistory}/${clientId}`;
/** The patient's form (built with the patient screens). */
export const patientFormPath = (clientId: number) => `${paths.userEdit}/${clientId}`;
