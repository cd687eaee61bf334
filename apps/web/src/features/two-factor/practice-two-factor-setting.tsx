import { Checkbox, type CheckboxProps } from '@mantine/core';
import { hasRole, Role } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/session';

/** The practice's "second factor for all staff" switch: only the owner (or the platform admin) may change it. */
export function PracticeTwoFactorSetting(props: CheckboxProps) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const isOwner = hasRole(user?.roles ?? 0, Role.ADMIN | Role.CUSTOMER_ADMIN);
  return (
    <Checkbox
      {...props}
      label={t('twoFactor.practiceSetting')}
      description={t('twoFactor.practiceSettingHint')}
      disabled={props.disabled || !isOwner}
    />
  );
}
