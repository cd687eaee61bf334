import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { resetRequestSchema } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../app/auth-card';
import { paths } from '../../app/paths';
import { formDefaults } from '../../lib/form';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { requestPasswordReset } from './api';
import { useCurrentUser } from './session';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const form = useForm({ ...formDefaults, initialValues: { email: '' }, validate: zod4Resolver(resetRequestSchema) });

  const reset = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => {
      notifySuccess('password.resetSuccess');
      // Spec: the request ends with a logout, whoever asked.
      void navigate(paths.logout, { replace: true });
    },
    onError: (error) => {
      const outcome = handleApiError('resetPassword', error);
      if (outcome.effect === 'clearEmail') form.setFieldValue('email', '');
    },
  });

  const onSubmit = form.onSubmit(
    (values) => reset.mutate(resetRequestSchema.parse(values).email),
    () => notifyError({ key: 'error.invalidEmail', ns: 'validation' }),
  );

  return (
    <AuthCard title={t('password.resetTitle')} intro={t('password.resetText')}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Group justify="flex-end" gap="sm">
            {/* Spec foundations §2: cancel goes to profile edit; a guest has none and goes back to sign-in. */}
            <Button variant="default" onClick={() => void navigate(user ? paths.profileEdit : paths.login)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={reset.isPending}>
              {t('password.resetSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
