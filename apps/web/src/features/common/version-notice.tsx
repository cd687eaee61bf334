import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useVersionCheck } from './api';
import { hasNoUpdateFlag } from './no-update-flag';

// The flag on the URL the app was opened with holds for the whole visit, not just the first page.
const openedWithNoUpdate = typeof window !== 'undefined' && hasNoUpdateFlag(window.location.search);

export function useUpdateAvailable(): boolean {
  const location = useLocation();
  const { data } = useVersionCheck();
  if (openedWithNoUpdate || hasNoUpdateFlag(location.search)) return false;
  return data?.refresh === true;
}

/** The persistent orange notice that a newer version is deployed; reloading fetches it. */
export function VersionNotice() {
  const { t } = useTranslation();
  return (
    <Paper
      role="status"
      withBorder={false}
      radius={0}
      bg="orange.1"
      px="md"
      py={8}
      style={{ borderBottom: '2px solid var(--mantine-color-orange-6)' }}
      data-testid="version-notice"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" c="dark.8" fw={500}>
          {t('version.newVersion')}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => window.location.reload()}
        >
          {t('version.refresh')}
        </Button>
      </Group>
    </Paper>
  );
}
