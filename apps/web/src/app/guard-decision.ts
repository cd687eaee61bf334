import type { Permission } from '@praxia/shared';
import { can } from '@praxia/shared';
import { getAfterLoginPath, isTrialExpired, type TrialUser } from './after-login';
import { paths } from './paths';

export type GuardRule = {
  /** Permission from the shared matrix; without one any signed-in user may enter. */
  permission?: Permission;
  /** Routes that stay reachable once a trial has expired (the upgrade screen itself). */
  allowWhenTrialExpired?: boolean;
};

export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string; remember: boolean };

/**
 * Decides whether a guarded route may render. Guests (role mask 1) go to login and the visited path is
 * remembered; an expired trial forces the upgrade screen; a missing permission sends the user to their start page.
 */
export function decideGuard(
  user: TrialUser | null,
  rule: GuardRule,
  currentPath: string,
  now: Date = new Date(),
): GuardResult {
  if (!user) return { kind: 'redirect', to: paths.login, remember: true };
  if (isTrialExpired(user, now) && !rule.allowWhenTrialExpired) {
    return { kind: 'redirect', to: paths.upgrade, remember: false };
  }
  if (rule.permission && !can(user.roles, rule.permission[0], rule.permission[1])) {
    const start = getAfterLoginPath(user, null, now);
    // The start page itself being forbidden cannot happen with the matrix, but must not loop if it ever does.
    return { kind: 'redirect', to: start === currentPath ? paths.notFound : start, remember: false };
  }
  return { kind: 'allow' };
}
