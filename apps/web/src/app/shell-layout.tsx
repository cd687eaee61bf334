import { AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useElementSize } from '@mantine/hooks';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../features/auth/session';
import { useUpdateAvailable, VersionNotice } from '../features/common/version-notice';
import { TrialNotice } from '../features/customers/trial-notice';
import { Brand } from './brand';
import { RequireRoute } from './guards';
import { Sidebar } from './sidebar';

const BAR_HEIGHT = 52;
const SIDEBAR_WIDTH = 200;

/** Header, sidebar and the page; also used for the 404 page when someone is signed in. */
export function ShellFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const hasUpdate = useUpdateAvailable();
  const notice = useElementSize();

  // On narrow screens the sidebar covers the page; it closes once the user has picked a destination.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  if (!user) return null;
  const noticeHeight = hasUpdate ? Math.ceil(notice.height) : 0;

  return (
    <AppShell
      header={{ height: BAR_HEIGHT + noticeHeight }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'xs', collapsed: { mobile: !isNavOpen } }}
      padding="md"
    >
      <AppShell.Header>
        {/* Always mounted so the size observer is attached before the notice appears. */}
        <Box ref={notice.ref}>{hasUpdate && <VersionNotice />}</Box>
        <Group h={BAR_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={toggle}
              hiddenFrom="xs"
              size="sm"
              aria-label={t('nav.menu')}
              aria-expanded={isNavOpen}
            />
            <Brand />
          </Group>
          <Group gap="md" wrap="nowrap" miw={0}>
            <TrialNotice user={user} />
            <Text size="sm" c="dimmed" truncate visibleFrom="sm">
              {[user.title, user.firstName, user.lastName].filter(Boolean).join(' ')}
            </Text>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar user={user} />
      </AppShell.Navbar>
      {/* Long words (names, addresses) break rather than push the page sideways on a phone. */}
      <AppShell.Main bg="gray.0" style={{ overflowWrap: 'break-word' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

/** Signed-in pages: header, sidebar and the page. Each child route adds its own permission rule. */
export function ShellLayout() {
  return (
    <RequireRoute rule={{ allowWhenTrialExpired: true }}>
      <ShellFrame>
        <Outlet />
      </ShellFrame>
    </RequireRoute>
  );
}
