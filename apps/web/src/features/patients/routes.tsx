import { Navigate } from 'react-router';
import type { FeatureRoutes } from '../../app/feature';
import { lazyPage } from '../../app/lazy-page';
import { paths } from '../../app/paths';

const loadForm = () => import('./patient-form-page').then((module) => module.PatientFormPage);

export const patientRoutes: FeatureRoutes = {
  shellRoutes: [
    // The sidebar's patients entry: the patient list lives under /user like the staff list (spec people §2).
    { path: paths.patientList, element: <Navigate to={paths.userPatientList} replace /> },
    { path: paths.patientCreate, ...lazyPage(loadForm, { permission: ['patient', 'create'], deniedTo: paths.login }) },
  ],
};
