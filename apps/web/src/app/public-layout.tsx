import { Anchor, Box, Container, Group } from '@mantine/core';
import { TERMS_PDF_PATH } from '@praxia/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useUpdateAvailable, VersionNotice } from '../features/common/version-notice';
import { Brand } from './brand';
import { paths } from './paths';

function PublicFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" py="md" px="md">
      <Group justify="center" gap="lg">
        <Anchor href={paths.imprint} size="sm" c="dimmed">
          {t('nav.imprint')}
        </Anchor>
        <Anchor href={paths.privacy} size="sm" c="dimmed">
          {t('nav.privacy')}
        </Anchor>
        <Anchor href={TERMS_PDF_PATH} target="_blank" rel="noopener" size="sm" c="dimmed">
          {t('nav.terms')}
        </Anchor>
        <Anchor component={Link} to={paths.help} size="sm" c="dimmed">
          {t('nav.help')}
        </Anchor>
      </Group>
    </Box>
  );
}

/** Pages without the sidebar: sign-in and account flows, legal pages, help, 404. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const hasUpdate = useUpdateAvailable();
  return (
    <Box bg="gray.0" mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      {hasUpdate && <VersionNotice />}
      <Box component="header" px="md" py="sm">
        <Brand />
      </Box>
      <Container component="main" size="md" w="100%" py="md" px="md" style={{ flex: 1, overflowWrap: 'break-word' }}>
        {children}
      </Container>
      <PublicFooter />
    </Box>
  );
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
