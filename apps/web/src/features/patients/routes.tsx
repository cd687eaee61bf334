import { Navigate } from 'react-router';
import type { FeatureRoutes } from '../../app/feature';
import { paths } from '../../app/paths';
import { patientFormPaths } from './navigation';

export const patientRoutes: FeatureRoutes = {
  shellRoutes: [
    // The sidebar's patients entry: the patient list lives under /user like the staff list (spec people §2).
    { path: paths.patientList, element: <Navigate to={paths.userPatientList} replace /> },
    // Older links to the patient form keep working.
    { path: paths.patientCreate, element: <Navigate to={patientFormPaths.create} replace /> },
  ],
};
