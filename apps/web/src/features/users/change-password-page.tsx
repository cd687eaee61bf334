import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type PasswordChange, passwordChangeSchema } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { useGoBack } from '../../app/use-go-back';
import { formDefaults } from '../../lib/form';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { PasswordRulesChecklist } from '../auth/password-rules-checklist';
import { clearSession } from '../auth/session';
import { PageTitle } from '../common/page-title';
import { changePassword } from './api';

/** /user/reset-password (people §2 change-password): current password, then the new one twice. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(paths.profile);
  const form = useForm<PasswordChange>({
    ...formDefaults,
    initialValues: { currentPassword: '', password: '', passwordConfirm: '' },
    validate: zod4Resolver(passwordChangeSchema),
  });
  const save = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notifySuccess('profile.passwordChanged');
      // The server ended every session of this account, this one too: sign in again with the new password.
      clearSession();
      void navigate(paths.login, { replace: true });
    },
    onError: (error) => form.setErrors(handleApiError('passwordChange', error).fieldErrors),
  });
  const isValid = passwordChangeSchema.safeParse(form.values).success;

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={560}>
      <PageTitle>{t('profile.changePassword')}</PageTitle>
      <form
        noValidate
        aria-label={t('profile.changePassword')}
        onSubmit={form.onSubmit((values) => save.mutate(values))}
      >
        <Stack gap="sm">
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordRulesChecklist password={form.values.password} />
          <PasswordInput
            label={t('password.password')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('password.passwordConfirm')}
            autoComplete="new-password"
            required
            {...form.getInputProps('passwordConfirm')}
          />
          <Group gap="sm">
            <Button type="submit" disabled={!isValid} loading={save.isPending}>
              {t('password.setSubmit')}
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
