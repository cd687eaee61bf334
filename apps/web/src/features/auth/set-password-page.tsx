import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { setPasswordSchema } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../app/auth-card';
import { paths } from '../../app/paths';
import { formDefaults } from '../../lib/form';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { setPasswordWithToken } from './api';
import { PasswordRulesChecklist } from './password-rules-checklist';
import { clearSession } from './session';

type PasswordValues = { password: string; passwordConfirm: string };

export function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useParams();
  const form = useForm<PasswordValues>({
    ...formDefaults,
    initialValues: { password: '', passwordConfirm: '' },
    validate: zod4Resolver(setPasswordSchema),
  });

  const save = useMutation({
    mutationFn: (values: PasswordValues) => setPasswordWithToken(token ?? '', values),
    onSuccess: () => {
      notifySuccess('password.setSuccess');
      // The server ended every session of this account; forget ours without a logout message (the success toast says it all).
      clearSession();
      void navigate(paths.login, { replace: true });
    },
    onError: (error) => {
      const outcome = handleApiError('setPassword', error);
      if (outcome.effect === 'toResetPassword') void navigate(paths.resetPassword, { replace: true });
    },
  });

  if (!token) return <Navigate to={paths.resetPassword} replace />;
  const isValid = setPasswordSchema.safeParse(form.values).success;

  return (
    <AuthCard title={t('password.setTitle')}>
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="sm">
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(paths.login)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!isValid} loading={save.isPending}>
              {t('password.setSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
