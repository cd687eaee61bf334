import { ErrorCode, ValidationKey } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { systemScope } from '../../lib/scope.js';
import { AppError } from '../../plugins/errors.js';
import { findCustomersOfUser, hasDeactivatedAssignment } from '../users/index.js';

// Before sign-in there is no caller: whether the account may sign in depends on all of its practices.
const signIn = systemScope('sign-in');

/**
 * Refuses an account that may not sign in, whichever way it proved itself (password, passkey): deactivated (itself,
 * all its practices, or a practice assignment: people §4) or not yet confirmed. Asked only after the proof, so that
 * only someone who holds the account learns this about it.
 */
export async function assertMaySignIn(
  ctx: AppContext,
  user: { id: number; deactivated: boolean; isConfirmed: boolean },
): Promise<void> {
  const practices = await findCustomersOfUser(ctx.db, signIn, user.id);
  const practiceDeactivated = practices.length > 0 && practices.every((practice) => practice.deactivated);
  if (user.deactivated || practiceDeactivated || (await hasDeactivatedAssignment(ctx.db, signIn, user.id))) {
    throw new AppError(ErrorCode.deactivatedProfile, {
      status: 422,
      detail: 'Das Profil ist deaktiviert.',
      fields: { credentials: [ValidationKey.deactivatedProfile] },
    });
  }
  if (!user.isConfirmed) {
    throw new AppError(ErrorCode.notConfirmed, {
      status: 422,
      detail: 'E-mail address not confirmed',
      fields: { credentials: [ErrorCode.notConfirmed] },
    });
  }
}
