import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AuthCard } from '../../app/auth-card';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { confirmRegistration } from './api';

/** Confirms the address from the registration mail on load, then always continues to login. */
export function ConfirmRegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useParams();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (!token) {
      void navigate(paths.login, { replace: true });
      return;
    }
    void confirmRegistration(token)
      .then(
        () => notifySuccess('confirm.success'),
        (error: unknown) => void handleApiError('confirmRegistration', error),
      )
      .finally(() => void navigate(paths.login, { replace: true }));
  }, [token, navigate]);

  return (
    <AuthCard title={t('register.title')}>
      <Text size="sm">{t('confirm.working')}</Text>
      <PageLoader />
    </AuthCard>
  );
}
