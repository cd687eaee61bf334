import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../app/auth-card';
import { PageLoader } from '../../app/page-loader';
import { PROFILE_TARGET_PATH, paths } from '../../app/paths';
import { ApiError } from '../../lib/api-client';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { changeEmail, findEmailChange } from './api';
import { reloadCurrentUser } from './session';

function SetEmailForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const tokenCheck = useQuery({
    queryKey: ['emailChange', token],
    queryFn: () => findEmailChange(token),
    retry: false,
  });

  useEffect(() => {
    if (!tokenCheck.isError) return;
    handleApiError('tokenSearch', tokenCheck.error);
    // Spec foundations §2 set-email: on failure to profile-edit, where a new change can be asked for.
    void navigate(paths.profileEdit, { replace: true });
  }, [tokenCheck.isError, tokenCheck.error, navigate]);

  const submit = useMutation({
    mutationFn: changeEmail,
    onSuccess: async () => {
      notifySuccess('email.emailChanged');
      await reloadCurrentUser().catch(() => null);
      void navigate(PROFILE_TARGET_PATH, { replace: true });
    },
    onError: (error) => {
      handleApiError('changeEmail', error);
      // A mistyped password may be typed again; a used or expired link, or an address taken meanwhile, cannot.
      const mayRetry = error instanceof ApiError && (error.code === 'error.wrongPassword' || error.status === 0);
      if (!mayRetry) void navigate(paths.profileEdit, { replace: true });
    },
  });

  if (!tokenCheck.data) return <PageLoader />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Sent as typed: spaces around a password belong to it.
    if (password) submit.mutate({ token, password });
  };

  return (
    <AuthCard title={t('email.setTitle')} intro={t('email.passwordHint')}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput label={t('email.newEmail')} value={tokenCheck.data} readOnly variant="filled" />
          <PasswordInput
            label={t('email.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(PROFILE_TARGET_PATH)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!password} loading={submit.isPending}>
              {t('email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function SetEmailPage() {
  const { token } = useParams();
  if (!token) return <Navigate to={PROFILE_TARGET_PATH} replace />;
  return <SetEmailForm token={token} />;
}
