import { can } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { ApiError } from '../../lib/api-client';
import { handleApiError, notifyError } from '../../lib/notify';
import { safeRedirect } from '../../lib/safe-redirect';
import { useCurrentUser } from '../auth/session';
import { PatientFormPage } from '../patients/patient-form-page';
import { getStaffUser, userKeys } from './api';
import { UserEditor } from './user-editor';

/** Loads a user for the form; a 404 shows 'user not found' and goes back (people §8). */
function useEditedUser(id: number) {
  const goBack = useGoBack(paths.profile);
  const query = useQuery({
    queryKey: userKeys.detail(id),
    queryFn: () => getStaffUser(id),
    retry: false,
    enabled: id > 0,
  });
  const reported = useRef(false);
  useEffect(() => {
    if (!query.error || reported.current) return;
    reported.current = true;
    if (query.error instanceof ApiError && query.error.status === 404) {
      notifyError({ key: 'users.notFound' }, { key: 'users.notFoundTitle' });
    } else handleApiError('default', query.error);
    goBack();
  }, [query.error, goBack]);
  return query.data;
}

/** /user/profile-edit: the own user form. */
export function ProfileEditPage() {
  const { user: actor } = useCurrentUser();
  const goBack = useGoBack(paths.profile);
  const user = useEditedUser(actor?.id ?? 0);
  if (!actor || !user) return <PageLoader />;
  return (
    <UserEditor
      key={user.id}
      mode={{ kind: 'self', actorRoles: actor.roles }}
      user={user}
      titleKey="profile.editTitle"
      onDone={goBack}
    />
  );
}

/** /user/edit/:id: another staff user's form (admins, owners and assistants of the practice). */
export function UserEditPage() {
  const { user: actor } = useCurrentUser();
  const id = Number(useParams().id);
  const goBack = useGoBack(paths.profile);
  const user = useEditedUser(Number.isInteger(id) ? id : 0);
  if (actor && user && actor.id === user.id) return <ProfileEditPage />;
  if (!actor || !user) return <PageLoader />;
  return (
    <UserEditor
      key={user.id}
      mode={{ kind: 'other', actorRoles: actor.roles }}
      user={user}
      titleKey="users.editTitle"
      onDone={goBack}
    />
  );
}

/**
 * /user/create: a new staff user, who gets an invitation mail, or with `isPatient` a new patient (people §2);
 * `redirectTo` says where to go afterwards.
 */
export function UserCreatePage() {
  const { user: actor } = useCurrentUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirectTo = safeRedirect(search.get('redirectTo'));
  if (!actor) return <PageLoader />;
  if (search.has('isPatient')) {
    return can(actor.roles, 'patient', 'create') ? <PatientFormPage /> : <Navigate to={paths.main} replace />;
  }
  if (!can(actor.roles, 'userCreate', 'create')) return <Navigate to={paths.main} replace />;
  return (
    <UserEditor
      mode={{ kind: 'create', actorRoles: actor.roles }}
      titleKey="users.createTitle"
      onDone={(created) => void navigate(redirectTo ?? `${paths.userEdit}/${created.id}`)}
    />
  );
}
