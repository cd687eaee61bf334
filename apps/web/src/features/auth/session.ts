import { SESSION_IDLE_MS, type User, userSchema } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api, getLastSessionActivity } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';

export const currentUserKey = ['currentUser'] as const;

// Spec: the current user is kept in session storage; the redirect target is part of the UI state.
const USER_STORAGE_KEY = 'praxia.currentUser';
const REDIRECT_STORAGE_KEY = 'praxia.redirectAfterLogin';

function readStorage(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the query cache still holds the state.
  }
}

export function readStoredUser(): User | null {
  const raw = readStorage(USER_STORAGE_KEY);
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
  writeStorage(USER_STORAGE_KEY, user ? JSON.stringify(user) : null);
  queryClient.setQueryData(currentUserKey, user);
}

/** GET /user/current; null when nobody is signed in. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    const user = await api.get('/user/current', { parser: userSchema });
    writeStorage(USER_STORAGE_KEY, JSON.stringify(user));
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      writeStorage(USER_STORAGE_KEY, null);
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
  writeStorage(REDIRECT_STORAGE_KEY, path);
}

export function readRememberedPath(): string | null {
  return readStorage(REDIRECT_STORAGE_KEY);
}

export function forgetRememberedPath(): void {
  writeStorage(REDIRECT_STORAGE_KEY, null);
}

const KEPT_QUERIES = new Set<unknown>(['config', 'version', currentUserKey[0]]);

function dropUserData(): void {
  queryClient.removeQueries({ predicate: (query) => !KEPT_QUERIES.has(query.queryKey[0]) });
  setCurrentUser(null);
}

/** Drops everything known about the signed-in user (logout, ended session). */
export function clearSession(): void {
  forgetRememberedPath();
  dropUserData();
}

export function isBelievedSignedIn(): boolean {
  return Boolean(queryClient.getQueryData<User | null>(currentUserKey) ?? readStoredUser());
}

// The server renews its idle timeout with up to a minute of slack.
const RENEW_SLACK_MS = 60_000;

/**
 * Any 401 while the app thinks someone is signed in means the session is gone; the guards then send the user to
 * login. An idle timeout also gets the inactivity message: the server says 'Session expired', or, after a page load
 * (the document request already cleared the dead cookie, so the API only hears 'Not signed in'), the last call that
 * carried the cookie is older than the idle timeout.
 */
export function handleUnauthorized(detail: string): void {
  if (!isBelievedSignedIn()) return;
  if (detail !== 'Session expired' && detail !== 'Not signed in') return;
  const wasIdle =
    detail === 'Session expired' || Date.now() - getLastSessionActivity() > SESSION_IDLE_MS - RENEW_SLACK_MS;
  dropUserData();
  if (wasIdle) notifyError({ key: 'common.inactivityLogout' }, undefined, 'inactivity-logout');
}
