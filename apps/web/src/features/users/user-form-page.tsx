import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { hasRole, Role, type StaffUser } from '@praxia/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { ApiError } from '../../lib/api-client';
import { translateInputError } from '../../lib/form';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { reloadCurrentUser, useCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { listCustomers } from '../customers/api';
import { createStaffUser, getStaffUser, patchUser, userKeys } from './api';
import { PushUnavailable, subscribeThisBrowser, unsubscribeThisBrowser } from './browser-push';
import { userAvatarPath } from './navigation';
import { UserFormFields } from './user-form-fields';
import {
  emptyUserForm,
  toUserFormValues,
  toUserPayload,
  type UserFormMode,
  type UserFormValues,
  validateUserForm,
} from './user-form-values';

/** The practices the selector offers: all for admins (paged, up to 1000), the stored ones for owners (people §6). */
function usePractices(actorRoles: number, own: { id: number; name: string }[]) {
  const isAdmin = hasRole(actorRoles, Role.ADMIN);
  const all = useQuery({
    queryKey: ['customers', 'list', 1, 1000],
    queryFn: () => listCustomers(1, 1000),
    enabled: isAdmin,
  });
  return isAdmin ? (all.data?.list ?? []) : own;
}

/** Follows the push agreement on this browser after a successful save (people §4). */
async function applyPushChoice(userId: number, before: boolean, after: boolean): Promise<void> {
  if (before && after) {
    // Kept: register this browser too (another device than the first), without asking again or complaining.
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      await subscribeThisBrowser().catch(() => undefined);
    }
    return;
  }
  if (before === after) return;
  try {
    if (after) await subscribeThisBrowser();
    else await unsubscribeThisBrowser(userId);
  } catch (error) {
    const key =
      error instanceof PushUnavailable ? `push.${error.reason}` : after ? 'push.subscribeError' : 'push.unsetError';
    notifyError({ key });
  }
}

type EditorProps = { mode: UserFormMode; user?: StaffUser; titleKey: string; onDone: (saved: StaffUser) => void };

function UserEditor({ mode, user, titleKey, onDone }: EditorProps) {
  const { t } = useTranslation();
  const { user: actor } = useCurrentUser();
  const initial = useMemo(
    () =>
      user ? toUserFormValues(user) : emptyUserForm(Role.SECRETARY, actor?.customerId ? String(actor.customerId) : ''),
    [user, actor?.customerId],
  );
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    validateInputOnChange: true,
    enhanceGetInputProps: translateInputError,
    initialValues: initial,
    validate: (values) => validateUserForm(values, mode),
  });
  const practices = usePractices(mode.actorRoles, actor?.customers ?? []);
  const goBack = useGoBack(paths.profile);

  const save = useMutation({
    mutationFn: (values: UserFormValues) => {
      const payload = toUserPayload(values, mode);
      return user ? patchUser(user.id, payload as never) : createStaffUser(payload as never);
    },
    onSuccess: async (saved, values) => {
      if (mode.kind === 'self') {
        await applyPushChoice(saved.id, initial.pushNotificationAgree, values.pushNotificationAgree);
        await reloadCurrentUser();
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      notifySuccess(mode.kind === 'create' ? 'users.created' : 'common.updateSuccess');
      onDone(saved);
    },
    onError: (error) => form.setErrors(handleApiError('userUpdate', error).fieldErrors),
  });

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={860}>
      <PageTitle>{t(titleKey)}</PageTitle>
      <form noValidate aria-label={t(titleKey)} onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="lg">
          {user && (
            <Anchor component={Link} to={mode.kind === 'self' ? paths.profileAvatar : userAvatarPath(user.id)}>
              {t('users.avatar')}
            </Anchor>
          )}
          <UserFormFields
            form={form}
            mode={mode}
            practices={practices}
            isPushSaved={user?.pushNotificationAgree}
            isEmailChanged={
              mode.kind === 'self' && form.values.email.trim().toLowerCase() !== initial.email.toLowerCase()
            }
          />
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {mode.kind === 'create' ? t('users.create') : t('common.save')}
            </Button>
            <Button variant="default" onClick={goBack} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

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
  const navigate = useNavigate();
  const user = useEditedUser(actor?.id ?? 0);
  if (!actor || !user) return <PageLoader />;
  return (
    <UserEditor
      key={user.id}
      mode={{ kind: 'self', actorRoles: actor.roles }}
      user={user}
      titleKey="profile.editTitle"
      onDone={() => void navigate(paths.profile)}
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

/** /user/create: a new staff user, who gets an invitation mail; `redirectTo` says where to go afterwards. */
export function UserCreatePage() {
  const { user: actor } = useCurrentUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirectTo = search.get('redirectTo');
  if (!actor) return <PageLoader />;
  return (
    <UserEditor
      mode={{ kind: 'create', actorRoles: actor.roles }}
      titleKey="users.createTitle"
      // Only paths of this app: a crafted link cannot send the user elsewhere.
      onDone={(created) =>
        void navigate(
          redirectTo?.startsWith('/') && !redirectTo.startsWith('//') ? redirectTo : `${paths.userEdit}/${created.id}`,
        )
      }
    />
  );
}
