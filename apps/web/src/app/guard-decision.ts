import type { Permission } from '@praxia/shared';
import { can } from '@praxia/shared';
import { getAfterLoginPath, isTrialExpired, type TrialUser } from './after-login';
import { paths } from './paths';

export type GuardRule = {
  /** Permission from the shared matrix; without one any signed-in user may enter. */
  permission?: Permission;
  /** Any one of these permissions lets the user in (a section shared by several roles, e.g. /customer). */
  anyPermission?: readonly Permission[];
  /** Routes that stay reachable once a trial has expired (the upgrade screen itself). */
  allowWhenTrialExpired?: boolean;
  /** Where a user without the permission goes; their start page when not given. */
  deniedTo?: string;
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
  // The practice requires a second factor: nothing else opens until it is set up (the server refuses the rest).
  if (user.mustEnrolSecondFactor) return { kind: 'redirect', to: paths.twoFactorSetup, remember: false };
  if (isTrialExpired(user, now) && !rule.allowWhenTrialExpired) {
    return { kind: 'redirect', to: paths.upgrade, remember: false };
  }
  const holds = ([resource, privilege]: Permission) => can(user.roles, resource, privilege);
  const isDenied =
    (rule.permission !== undefined && !holds(rule.permission)) ||
    (rule.anyPermission !== undefined && !rule.anyPermission.some(holds));
  if (isDenied) {
    if (rule.deniedTo) return { kind: 'redirect', to: rule.deniedTo, remember: false };
    const start = getAfterLoginPath(user, null, now);
    // The start page itself being forbidden cannot happen with the matrix, but must not loop if it ever does.
    return { kind: 'redirect', to: start === currentPath ? paths.notFound : start, remember: false };
  }
  return { kind: 'allow' };
}
