import { useQuery } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { useCurrentUser } from '../auth/session';
import { getUserOrPatient, isPatientRecord } from './api';

const PatientFormPage = lazy(() =>
  import('../patients/patient-form-page').then((module) => ({ default: module.PatientFormPage })),
);
const UserEditPage = lazy(() => import('./user-form-page').then((module) => ({ default: module.UserEditPage })));
const OwnProfileEditPage = lazy(() =>
  import('./own-profile-pages').then((module) => ({ default: module.OwnProfileEditPage })),
);

/**
 * /user/edit/:id (spec people §2 user-edit): the patient form for a patient, the user form for a staff user. The
 * server answers GET /user/{id} with the patient's record only to those who treat them; anything else (a staff user,
 * a refusal, a missing id) goes to the user form, which shows its own not-found message.
 */
export function UserOrPatientEditPage() {
  const { user } = useCurrentUser();
  const id = Number(useParams().id);
  const isValidId = Number.isInteger(id) && id > 0;
  const kind = useQuery({
    queryKey: ['users', 'kind', id],
    queryFn: () => getUserOrPatient(id),
    // Oneself goes to the own profile form (a patient's is the patient form).
    enabled: isValidId && id !== user?.id,
    retry: false,
  });
  if (isValidId && id === user?.id) return withLoader(OwnProfileEditPage);
  if (isValidId && kind.isPending) return <PageLoader />;
  return withLoader(kind.data && isPatientRecord(kind.data) ? PatientFormPage : UserEditPage);
}

function withLoader(Page: ComponentType) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
