import { isPatientAccount } from '@praxia/shared';
import { type ComponentType, lazy, Suspense } from 'react';
import { PageLoader } from '../../app/page-loader';
import { useCurrentUser } from '../auth/session';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const pages = {
  staffProfile: named(() => import('./profile-page'), 'ProfilePage'),
  staffEdit: named(() => import('./user-form-page'), 'ProfileEditPage'),
  patientProfile: named(() => import('../patient-portal/patient-profile-page'), 'PatientProfilePage'),
  patientEdit: named(() => import('../patient-portal/patient-profile-edit-page'), 'PatientProfileEditPage'),
};

/** The staff page, or the patient's own for a patient account (spec people §2: a client sees the patient form). */
function ByAccount({ staff, patient }: { staff: ComponentType; patient: ComponentType }) {
  const { user } = useCurrentUser();
  if (!user) return <PageLoader />;
  const Page = isPatientAccount(user.roles) ? patient : staff;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

/** /user/profile. */
export const OwnProfilePage = () => <ByAccount staff={pages.staffProfile} patient={pages.patientProfile} />;

/** /user/profile-edit. */
export const OwnProfileEditPage = () => <ByAccount staff={pages.staffEdit} patient={pages.patientEdit} />;
