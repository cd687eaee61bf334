import { Anchor, Button, Group } from '@mantine/core';
import { getTrialRemaining, getTrialState, type User } from '@praxia/shared';
import { IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { getTrialRemainingText } from './trial-text';

/**
 * While the practice's trial runs, the header says how long it has left and offers the upgrade: always in view,
 * whatever the sidebar's length or the window's height. On phones the remaining time itself is the link.
 */
export function TrialNotice({ user }: { user: Pick<User, 'trialExpiresAt'> }) {
  const { t } = useTranslation();
  if (!user.trialExpiresAt || getTrialState(user.trialExpiresAt) !== 'running') return null;
  const text = getTrialRemainingText(getTrialRemaining(user.trialExpiresAt), 'trialBadge');
  return (
    <Group gap="sm" wrap="nowrap" data-testid="trial-notice">
      <Anchor
        component={Link}
        to={paths.upgrade}
        fz={{ base: 'xs', xs: 'sm' }}
        fw={600}
        style={{ whiteSpace: 'nowrap' }}
      >
        {t(text.key, { count: text.count })}
      </Anchor>
      <Button
        component={Link}
        to={paths.upgrade}
        size="xs"
        leftSection={<IconLockOpen size={16} aria-hidden />}
        visibleFrom="sm"
        data-testid="header-upgrade"
      >
        {t('nav.upgrade')}
      </Button>
    </Group>
  );
}
