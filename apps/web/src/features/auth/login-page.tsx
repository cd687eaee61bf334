import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { credentialsSchema } from '@praxia/shared';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { getAfterLoginPath } from '../../app/after-login';
import { AuthCard } from '../../app/auth-card';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { formDefaults } from '../../lib/form';
import { handleApiError } from '../../lib/notify';
import { login } from './api';
import { readRememberedPath, reloadCurrentUser, useCurrentUser } from './session';

type LoginValues = { email: string; password: string };

// Only sign-ins with a second factor need the code dialog (and Mantine's modal): it loads when one asks for it.
const PinDialog = lazy(() => import('./pin-dialog').then((module) => ({ default: module.PinDialog })));

export function LoginPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const [loginToken, setLoginToken] = useState<string | null>(null);
  const form = useForm<LoginValues>({
    ...formDefaults,
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(credentialsSchema),
  });

  const credentials = useMutation({
    mutationFn: login,
    onSuccess: async (result) => {
      if ('additionalCheck' in result) {
        setLoginToken(result.loginToken);
        return;
      }
      // Signed in: loading the user re-renders this page into the redirect below.
      await reloadCurrentUser();
    },
    onError: (error) => {
      const outcome = handleApiError('login', error);
      form.setErrors(outcome.fieldErrors);
    },
  });

  if (isLoading) return <PageLoader />;
  if (user) return <Navigate to={getAfterLoginPath(user, readRememberedPath())} replace />;

  return (
    <AuthCard title={t('login.title')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => credentials.mutate(credentialsSchema.parse(values)))}
        aria-label={t('login.title')}
      >
        <Stack gap="sm">
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.resetPassword} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" loading={credentials.isPending} fullWidth>
            {t('login.submit')}
          </Button>
          <Anchor component={Link} to={paths.register} size="sm" ta="center">
            {t('login.register')}
          </Anchor>
        </Stack>
      </form>
      {loginToken && (
        <Suspense>
          <PinDialog loginToken={loginToken} onClose={() => setLoginToken(null)} />
        </Suspense>
      )}
    </AuthCard>
  );
}
