import { ErrorCode, type MfaStatus, type TotpEnrolment, ValidationKey } from '@praxia/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { verifyPassword } from '../../lib/passwords.js';
import { scopeOf } from '../../lib/scope.js';
import type { Actor } from '../../plugins/actor.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { queueMail, totpDisabledMail, totpEnabledMail } from '../mail/index.js';
import { findCustomersOfUser, findUserById } from '../users/index.js';
import { strongSecondFactorsOf } from './second-factors.js';
import { createRecoveryCodes, createTotpSecret, hashRecoveryCode, matchTimeStep, totpAddress } from './totp.js';
import {
  confirmPendingTotp,
  countUnusedRecoveryCodes,
  deleteTotpOfUser,
  findTotp,
  replaceRecoveryCodes,
  replaceTotpSecret,
  savePendingTotp,
  takeTimeStep,
  useRecoveryCode,
} from './totp.repo.js';
import { openTotpSecret, sealTotpSecret, UnreadableSecretError } from './totp-secret-box.js';

const codeInvalid = () =>
  new AppError(ErrorCode.pinInvalid, {
    status: 422,
    detail: 'Invalid code',
    fields: { code: [ValidationKey.pinInvalid] },
  });
async function requireUser(ctx: AppContext, actor: Actor) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw notFound('User not found');
  return user;
}

/** Whether the practice the caller works in asks its staff for a strong second factor. */
async function isRequiredByPractice(ctx: AppContext, actor: Actor): Promise<boolean> {
  const practices = await findCustomersOfUser(ctx.db, scopeOf(actor), actor.userId);
  return practices.some((practice) => practice.requireTwoFactor);
}

export async function getMfaStatus(ctx: AppContext, actor: Actor): Promise<MfaStatus> {
  const [secondFactors, totp, recoveryCodesLeft, practiceRequiresTwoFactor] = await Promise.all([
    strongSecondFactorsOf(ctx.db, actor.userId),
    findTotp(ctx.db, actor.userId),
    countUnusedRecoveryCodes(ctx.db, actor.userId),
    isRequiredByPractice(ctx, actor),
  ]);
  return { totp: Boolean(totp?.confirmedAt), recoveryCodesLeft, secondFactors, practiceRequiresTwoFactor };
}

/** Starts an enrolment with a new secret (again, when an earlier one was never confirmed). */
export async function startTotpEnrolment(ctx: AppContext, actor: Actor): Promise<TotpEnrolment> {
  const user = await requireUser(ctx, actor);
  const secret = createTotpSecret();
  if (!(await savePendingTotp(ctx.db, user.id, sealTotpSecret(ctx.config.secondFactorKeys, user.id, secret)))) {
    throw new AppError(ErrorCode.conflict, { status: 409, detail: 'An authenticator app is already set up' });
  }
  return { secret, otpauthUrl: totpAddress(user.email, secret) };
}

/** Confirms the enrolment with a first code; answers the recovery codes, the only time they are shown. */
export async function confirmTotpEnrolment(ctx: AppContext, actor: Actor, code: string): Promise<string[]> {
  const user = await requireUser(ctx, actor);
  const pending = await findTotp(ctx.db, user.id);
  if (!pending || pending.confirmedAt) throw notFound('No authenticator app is being set up');
  const opened = openStoredSecret(ctx, user.id, pending.secret);
  const timeStep = opened && (await matchTimeStep(opened.secret, code));
  if (!opened || timeStep === null) throw codeInvalid();
  const codes = createRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    if (!(await confirmPendingTotp(tx, user.id, timeStep))) throw notFound('No authenticator app is being set up');
    if (opened.isStale) await resealSecret(ctx, tx, user.id, pending.secret, opened.secret);
    await replaceRecoveryCodes(
      tx,
      user.id,
      codes.map((recoveryCode) => hashRecoveryCode(user.id, recoveryCode)),
    );
    await queueMail(tx, totpEnabledMail(user.email, user.language, user.firstName));
  });
  void ctx.mail.flush();
  return codes;
}

/** Removes the authenticator app and its recovery codes: needs the password and a current code. */
export async function disableTotp(ctx: AppContext, actor: Actor, password: string, code: string): Promise<void> {
  const user = await requireUser(ctx, actor);
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new AppError(ErrorCode.wrongPassword, { status: 403, detail: 'Wrong password' });
  const totp = await findTotp(ctx.db, user.id);
  if (!totp?.confirmedAt) throw notFound('No authenticator app is set up');
  if (!(await acceptTotpCode(ctx, user.id, totp.secret, code))) throw codeInvalid();
  await ctx.db.transaction(async (tx) => {
    await deleteTotpOfUser(tx, user.id);
    await queueMail(tx, totpDisabledMail(user.email, user.language, user.firstName));
  });
  void ctx.mail.flush();
}

/**
 * The secret of the stored value, or null when no configured key opens it: a wrong SECOND_FACTOR_KEY must not fail
 * the sign-in with a 500, so the caller answers as for a wrong code, and the operator learns of it from this line.
 */
function openStoredSecret(ctx: AppContext, userId: number, stored: string) {
  try {
    return openTotpSecret(ctx.config.secondFactorKeys, userId, stored);
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    ctx.log.error(
      { userId, reason: error.message },
      'The authenticator app secret does not decrypt with SECOND_FACTOR_KEY',
    );
    return null;
  }
}

/** Stores a plain or previous-key secret again under the current key, unless it changed meanwhile. */
async function resealSecret(ctx: AppContext, db: Executor, userId: number, stored: string, secret: string) {
  await replaceTotpSecret(db, userId, stored, sealTotpSecret(ctx.config.secondFactorKeys, userId, secret));
}

/** A TOTP code not used before (each code once per user, also across sign-ins). */
async function acceptTotpCode(ctx: AppContext, userId: number, stored: string, code: string): Promise<boolean> {
  const opened = openStoredSecret(ctx, userId, stored);
  const timeStep = opened && (await matchTimeStep(opened.secret, code));
  if (!opened || timeStep === null || !(await takeTimeStep(ctx.db, userId, timeStep))) return false;
  if (opened.isStale) await resealSecret(ctx, ctx.db, userId, stored, opened.secret);
  return true;
}

/** The second step of a sign-in with the authenticator app: a fresh TOTP code, or an unused recovery code (used up). */
export async function checkTotpOrRecoveryCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return useRecoveryCode(ctx.db, userId, hashRecoveryCode(userId, code));
  const totp = await findTotp(ctx.db, userId);
  return totp?.confirmedAt ? acceptTotpCode(ctx, userId, totp.secret, code) : false;
}
