import { can, getTrialState, hasRole, Role, type User } from '@praxia/shared';
import { isRoutedPath, paths } from './paths';

export type TrialUser = Pick<User, 'roles' | 'trialExpiresAt' | 'mustEnrolSecondFactor'>;

/** A practice owner whose trial ended must unlock the full version before anything else (spec foundations §4). */
export function isTrialExpired(user: TrialUser, now: Date = new Date()): boolean {
  return hasRole(user.roles, Role.CUSTOMER_ADMIN) && getTrialState(user.trialExpiresAt, now) === 'expired';
}

const NOT_REMEMBERED = new Set<string>([paths.login, paths.logout, paths.root, paths.twoFactorSetup]);

/** Only in-app paths are remembered: no other origins ('//host'), no login loops. */
export function isRememberablePath(path: string | null | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? path;
  return !NOT_REMEMBERED.has(pathname);
}

/**
 * Where a user lands after signing in (spec foundations §2 Login): upgrade when the trial expired, the
 * remembered page, the appointment list, the user list, main — skipping screens that do not exist yet.
 */
export function getAfterLoginPath(
  user: TrialUser,
  rememberedPath: string | null,
  now: Date = new Date(),
  isAvailable: (path: string) => boolean = isRoutedPath,
): string {
  if (user.mustEnrolSecondFactor) return paths.twoFactorSetup;
  if (isTrialExpired(user, now)) return paths.upgrade;
  if (isRememberablePath(rememberedPath)) return rememberedPath;
  if (can(user.roles, 'appointment', 'read') && isAvailable(paths.appointmentList)) return paths.appointmentList;
  if (can(user.roles, 'userList', 'read') && isAvailable(paths.userList)) return paths.userList;
  return paths.main;
}
