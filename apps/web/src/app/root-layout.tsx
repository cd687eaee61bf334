import { SESSION_IDLE_MS } from '@praxia/shared';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { currentUserKey, isBelievedSignedIn, useCurrentUser } from '../features/auth/session';
import { useAppConfig } from '../features/common/api';
import { getLastSessionActivity } from '../lib/api-client';
import { setLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

const IDLE_CHECK_INTERVAL_MS = 60_000;
// The server renews its idle timeout with up to a minute of slack; wait past that before asking.
const IDLE_GRACE_MS = 90_000;

/** After sign-in the user's language decides; before, the browser's (see lib/i18n). */
function useUserLanguage() {
  const { user } = useCurrentUser();
  const language = user?.language;
  useEffect(() => {
    if (language) setLanguage(language);
  }, [language]);
}

/**
 * Once the server's idle timeout must have passed without any call, ask for the user again: the 401 error.sessionExpired
 * answer then logs out with the inactivity message instead of waiting for the next click.
 */
function useIdleSessionCheck() {
  useEffect(() => {
    const timer = window.setInterval(() => {
      const idleFor = Date.now() - getLastSessionActivity();
      if (idleFor > SESSION_IDLE_MS + IDLE_GRACE_MS && isBelievedSignedIn()) {
        void queryClient.invalidateQueries({ queryKey: currentUserKey });
      }
    }, IDLE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}

export function RootLayout() {
  useAppConfig();
  useUserLanguage();
  useIdleSessionCheck();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
