import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { HELP_URL, SUPPORT_EMAIL } from '@praxia/shared';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CLIENT_VERSION, useAppConfig } from './api';
import { PageTitle } from './page-title';

/** The help page; reached from the sidebar it also opens the external help area in a new tab. */
export function HelpPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const hasOpened = useRef(false);
  const helpUrl = config?.helpUrl ?? HELP_URL;
  const supportEmail = config?.supportEmail ?? SUPPORT_EMAIL;
  const shouldOpen = (location.state as { openExternalHelp?: boolean } | null)?.openExternalHelp === true;

  useEffect(() => {
    if (!shouldOpen || hasOpened.current) return;
    hasOpened.current = true;
    // Only right after the click: browsers allow the new tab then, and a reload must not open another.
    window.open(helpUrl, '_blank', 'noopener,noreferrer');
    void navigate(location.pathname, { replace: true, state: null });
  }, [shouldOpen, helpUrl, navigate, location.pathname]);

  const demoMail = `mailto:${supportEmail}?subject=${encodeURIComponent(t('help.demo'))}`;

  return (
    <Paper p={{ base: 'md', xs: 'xl' }} maw={720}>
      <PageTitle>{t('help.title')}</PageTitle>
      <Stack gap="md">
        <Text>{t('help.text')}</Text>
        <Button
          component="a"
          href={helpUrl}
          target="_blank"
          rel="noopener noreferrer"
          rightSection={<IconExternalLink size={16} aria-hidden />}
          w="fit-content"
        >
          {t('help.open')}
        </Button>
        <Text>
          {t('help.contact')}: <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
        </Text>
        <Anchor href={demoMail}>{t('help.demo')}</Anchor>
        <Text size="sm" c="dimmed" data-testid="app-version">
          {t('help.version', { version: CLIENT_VERSION })}
        </Text>
      </Stack>
    </Paper>
  );
}
