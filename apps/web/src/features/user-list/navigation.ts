import type { FeatureNavigation } from '../../app/feature';

// The staff list keeps its path and sidebar entry in users/navigation.ts ('/user/list').
const paths = { userPatientList: '/user/patient-list' } as const;

export const userListNavigation = { paths, sidebar: [] } satisfies FeatureNavigation;
