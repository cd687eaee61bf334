import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { getAfterLoginPath } from '../../app/after-login';
import { AuthCard } from '../../app/auth-card';
import { PageLoader } from '../../app/page-loader';
import { paths } from '../../app/paths';
import { readRememberedPath, reloadCurrentUser, useCurrentUser } from '../auth/session';
import { TotpEnrolmentSteps } from './totp-enrolment';

/**
 * Where staff of a practice that requires a second factor land after the password until they have one. Without the
 * sidebar: every other call of theirs is refused until then.
 */
export function TwoFactorSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace />;

  const onEnrolled = async () => {
    const renewed = await reloadCurrentUser();
    if (renewed) void navigate(getAfterLoginPath(renewed, readRememberedPath()), { replace: true });
  };
  return (
    <AuthCard title={t('twoFactor.setUpTitle')} intro={t('twoFactor.requiredIntro')} maxWidth={560}>
      <TotpEnrolmentSteps onEnrolled={() => void onEnrolled()} />
      <Text size="sm">
        <Anchor component={Link} to={paths.logout}>
          {t('nav.logout')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
