import { ErrorCode, SESSION_IDLE_MS, type User, userSchema } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, getLastSessionActivity } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { clearUiState, getUiState, setUiState } from '../../lib/ui-state';
import { getCurrentUser } from './api';
import { readStoredUserText, storeUser } from './stored-user';

export const currentUserKey = ['currentUser'] as const;

export function readStoredUser(): User | null {
  const raw = readStoredUserText();
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Puts the user into the query cache and mirrors it to session storage. */
export function setCurrentUser(user: User | null): void {
  storeUser(user);
  queryClient.setQueryData(currentUserKey, user);
}

/** GET /user/current; null when nobody is signed in. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    const user = await getCurrentUser();
    storeUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      storeUser(null);
      return null;
    }
    throw error;
  }
}

/** Fetches the user afresh, e.g. right after sign-in or after the e-mail address changed. */
export function reloadCurrentUser(): Promise<User | null> {
  return queryClient.fetchQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 0 });
}

export function useCurrentUser(): { user: User | null; isLoading: boolean } {
  const query = useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    // The stored copy draws the app at once after a reload; it is checked against the server straight away.
    initialData: () => readStoredUser() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
  return { user: query.data ?? null, isLoading: query.isPending };
}

export function rememberPathForLogin(path: string): void {
  setUiState('redirectAfterLogin', path);
}

export function readRememberedPath(): string | null {
  return getUiState('redirectAfterLogin');
}

export function forgetRememberedPath(): void {
  setUiState('redirectAfterLogin', null);
}

const KEPT_QUERIES = new Set<unknown>(['config', 'version', currentUserKey[0]]);

function dropUserData(): void {
  queryClient.removeQueries({ predicate: (query) => !KEPT_QUERIES.has(query.queryKey[0]) });
  setCurrentUser(null);
  // The selected therapist and a pending payment check belong to this user; the redirect target is kept (see below).
  setUiState('selectedTherapistId', null);
  setUiState('trialState', null);
}

/** Drops everything known about the signed-in user (logout, ended session). */
export function clearSession(): void {
  clearUiState();
  dropUserData();
}

export function isBelievedSignedIn(): boolean {
  return Boolean(queryClient.getQueryData<User | null>(currentUserKey) ?? readStoredUser());
}

// The server renews its idle timeout with up to a minute of slack.
const RENEW_SLACK_MS = 60_000;

/** The message for a session the server says ended for a reason of its own (error.sessionExpired: inactivity). */
const SESSION_END_MESSAGES: Record<string, string> = {
  [ErrorCode.sessionExpired]: 'common.inactivityLogout',
  [ErrorCode.sessionLifetimeEnded]: 'common.sessionLifetimeLogout',
  [ErrorCode.sessionSignedOut]: 'common.signedOutLogout',
  [ErrorCode.sessionPasswordChanged]: 'common.passwordChangedLogout',
  [ErrorCode.sessionDeactivated]: 'common.deactivatedLogout',
};

/**
 * Any 401 while the app thinks someone is signed in means the session is gone; the guards then send the user to
 * login, with the reason the server gives. Without one (error.notSignedIn: the cookie had already expired in the
 * browser, or a page load cleared it) the inactivity message shows when the last call that carried the cookie is older
 * than the idle timeout.
 */
export function handleUnauthorized(code: string): void {
  if (!isBelievedSignedIn()) return;
  const wasIdle =
    code === ErrorCode.notSignedIn && Date.now() - getLastSessionActivity() > SESSION_IDLE_MS - RENEW_SLACK_MS;
  const message = wasIdle ? 'common.inactivityLogout' : SESSION_END_MESSAGES[code];
  if (!message && code !== ErrorCode.notSignedIn) return;
  dropUserData();
  // One toast id for all of them: a burst of failing calls shows the message once.
  if (message) notifyError({ key: message }, undefined, 'session-ended');
}
