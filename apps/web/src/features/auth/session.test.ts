import { ErrorCode, SESSION_IDLE_MS, type User } from '@praxia/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const notifyError = vi.fn();
let lastActivity = Date.now();
vi.mock('../../lib/notify', () => ({ notifyError: (...args: unknown[]) => notifyError(...args) }));
vi.mock('../../lib/api-client', () => ({ ApiError: class {}, getLastSessionActivity: () => lastActivity }));

const { currentUserKey, handleUnauthorized, isBelievedSignedIn } = await import('./session');
const { queryClient } = await import('../../lib/query-client');

function signedIn(activityAgoMs = 0) {
  queryClient.setQueryData(currentUserKey, { id: 1 } as User);
  lastActivity = Date.now() - activityAgoMs;
  notifyError.mockClear();
}

const shownKey = () => (notifyError.mock.calls[0]?.[0] as { key: string } | undefined)?.key;

describe('handleUnauthorized: the logout says why the session ended', () => {
  beforeEach(() => signedIn());

  it.each([
    [ErrorCode.sessionExpired, 'common.inactivityLogout'],
    [ErrorCode.sessionLifetimeEnded, 'common.sessionLifetimeLogout'],
    [ErrorCode.sessionSignedOut, 'common.signedOutLogout'],
    [ErrorCode.sessionPasswordChanged, 'common.passwordChangedLogout'],
    [ErrorCode.sessionDeactivated, 'common.deactivatedLogout'],
  ])('%s shows %s and signs out', (code, key) => {
    handleUnauthorized(code);
    expect(shownKey()).toBe(key);
    expect(isBelievedSignedIn()).toBe(false);
  });

  it('a cookie the browser already dropped is inactivity only after the idle timeout', () => {
    handleUnauthorized(ErrorCode.notSignedIn);
    expect(notifyError).not.toHaveBeenCalled();
    expect(isBelievedSignedIn()).toBe(false);
    signedIn(SESSION_IDLE_MS + 1000);
    handleUnauthorized(ErrorCode.notSignedIn);
    expect(shownKey()).toBe('common.inactivityLogout');
  });

  it('leaves other 401 answers (a wrong password) alone', () => {
    handleUnauthorized(ErrorCode.credentialsInvalid);
    expect(notifyError).not.toHaveBeenCalled();
    expect(isBelievedSignedIn()).toBe(true);
  });
});
