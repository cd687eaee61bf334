import { Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { can, hasRole, Role, type StaffUser } from '@praxia/shared';
import { IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { useFocusFirstInvalid } from '../../lib/focus-first-invalid';
import { translateInputError } from '../../lib/form';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { reloadCurrentUser, useCurrentUser } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { customerKeys, listCustomers } from '../customers/api';
import { SecondFactorResetButton } from '../two-factor/second-factor-reset-button';
import { createStaffUser, patchUser, userKeys } from './api';
import { reportAvatarError } from './avatar-cropper';
import { AvatarField, applyAvatarChange, useAvatarField } from './avatar-field';
import { type PracticeSave, PracticeSection, savePractice, usePracticeForms } from './practice-forms';
import { copyProfileLink } from './profile-link';
import { applyPushChoice } from './push-choice';
import { UserFormFields } from './user-form-fields';
import {
  emptyUserForm,
  toUserFormValues,
  toUserPayload,
  type UserFormMode,
  type UserFormValues,
  validateUserForm,
} from './user-form-values';

/** Every practice, page by page (1000 each, the most one call answers). */
async function listAllCustomers() {
  const all: Awaited<ReturnType<typeof listCustomers>>['list'] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listCustomers(page, 1000);
    all.push(...answer.list);
    if (answer.list.length === 0 || all.length >= answer.maxItems) return all;
  }
}

/** The practices the selector offers: all for admins (loaded page by page), the stored ones for owners (people §6). */
function usePractices(actorRoles: number, own: { id: number; name: string }[]) {
  const isAdmin = hasRole(actorRoles, Role.ADMIN);
  const all = useQuery({ queryKey: ['customers', 'all'], queryFn: listAllCustomers, enabled: isAdmin });
  return isAdmin ? (all.data ?? []) : own;
}

type EditorProps = { mode: UserFormMode; user?: StaffUser; titleKey: string; onDone: (saved: StaffUser) => void };

/**
 * The user form with its avatar, and beside it one practice form per practice of the user (people §2 edit profile).
 * Save validates all forms and saves only when all are valid: the user, then the avatar, then the practices; it goes
 * back once every save finished.
 */
export function UserEditor({ mode, user, titleKey, onDone }: EditorProps) {
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
  const avatar = useAvatarField(user);
  const practiceForms = usePracticeForms();
  const practices = usePractices(mode.actorRoles, actor?.customers ?? []);
  const goBack = useGoBack(paths.profile);
  // People §2: saving practices on this screen is for admins, owners and assistants; others do not see them here.
  const showsPractices = user !== undefined && can(mode.actorRoles, 'customerSettings', 'edit');
  const isAdmin = hasRole(mode.actorRoles, Role.ADMIN);

  const firstInvalid = useFocusFirstInvalid<HTMLFormElement>();

  const save = useMutation({
    mutationFn: async ({ values, practiceSaves }: { values: UserFormValues; practiceSaves: PracticeSave[] }) => {
      const payload = toUserPayload(values, mode);
      let saved: StaffUser;
      try {
        saved = user ? await patchUser(user.id, payload as never) : await createStaffUser(payload as never);
      } catch (error) {
        form.setErrors(handleApiError('userUpdate', error).fieldErrors);
        firstInvalid.request();
        return null;
      }
      await applyAvatarChange(saved.id, avatar).catch(reportAvatarError);
      const practiceResults = await Promise.allSettled(practiceSaves.map(savePractice));
      if (mode.kind === 'self') {
        await applyPushChoice(saved.id, initial.pushNotificationAgree, values.pushNotificationAgree);
        await reloadCurrentUser();
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      if (practiceSaves.length > 0) void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      // A refused practice keeps the screen open with its messages (and its chosen logo); the user part is saved.
      if (practiceResults.every((result) => result.status === 'fulfilled')) return saved;
      firstInvalid.request();
      return null;
    },
    onSuccess: (saved) => {
      if (!saved) return;
      notifySuccess(mode.kind === 'create' ? 'users.created' : 'common.updateSuccess');
      onDone(saved);
    },
  });

  let profileLinks: ReactNode = null;
  if (user && mode.kind === 'self' && hasRole(user.roles, Role.THERAPIST)) {
    profileLinks = (
      <Group gap="sm">
        {user.customers.map((customer) => (
          <Button
            key={customer.id}
            variant="default"
            leftSection={<IconCopy size={16} />}
            onClick={() => void copyProfileLink(user.id, customer.id)}
          >
            {user.customers.length > 1 ? t('profile.copyLinkFor', { practice: customer.name }) : t('profile.copyLink')}
          </Button>
        ))}
      </Group>
    );
  }

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={900}>
      <PageTitle>{t(titleKey)}</PageTitle>
      <form
        ref={firstInvalid.ref}
        noValidate
        aria-label={t(titleKey)}
        onSubmit={form.onSubmit(
          (values) => {
            const practiceSaves = practiceForms.prepare();
            if (practiceSaves) save.mutate({ values, practiceSaves });
            else firstInvalid.request();
          },
          () => {
            // The practice forms show their messages too, so everything to fix is visible at once.
            practiceForms.prepare();
            firstInvalid.request();
          },
        )}
      >
        <Stack gap="lg">
          {profileLinks}
          <AvatarField field={avatar} />
          <UserFormFields
            form={form}
            mode={mode}
            practices={practices}
            isPushSaved={user?.pushNotificationAgree}
            isEmailChanged={
              mode.kind === 'self' && form.values.email.trim().toLowerCase() !== initial.email.toLowerCase()
            }
          />
          {user && mode.kind === 'other' && <SecondFactorResetButton member={user} actorRoles={mode.actorRoles} />}
          {showsPractices &&
            user.customers.map((customer) => (
              <PracticeSection key={customer.id} practiceId={customer.id} isAdmin={isAdmin} forms={practiceForms} />
            ))}
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
