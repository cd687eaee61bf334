import {
  type CredentialsResult,
  EMAIL_CHANGE_TOKEN_VALID_MS,
  ErrorCode,
  PIN_MAX_ATTEMPTS,
  PIN_VALID_MS,
  RESET_TOKEN_VALID_MS,
  ValidationKey,
} from '@praxia/shared';
import type { AppContext } from '../../context.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { createPin, createToken, hashesEqual, hashToken } from '../../lib/tokens.js';
import { AppError } from '../../plugins/errors.js';
import {
  emailChangedNoticeMail,
  emailChangeMail,
  emailTakenNoticeMail,
  loginCodeMail,
  passwordResetMail,
  queueMail,
} from '../mail/index.js';
import { findUserByEmail, findUserById, isEmailTaken, updateUser } from '../users/index.js';
import { closeChallenge, findOpenChallenge, insertChallenge, recordFailedAttempt } from './login-challenges.repo.js';
import { strongSecondFactorsOf } from './second-factors.js';
import { endSessionsOfUser } from './session.repo.js';
import { assertMaySignIn } from './sign-in-rules.js';
import { consumeToken, findValidToken, issueToken, revokeAllTokensOfUser, revokeTokensOfUser } from './tokens.repo.js';
import { checkTotpOrRecoveryCode } from './totp.service.js';

const credentialsInvalid = () =>
  new AppError(ErrorCode.credentialsInvalid, { status: 401, detail: 'E-Mail oder Passwort falsch' });
const tokenMissing = () => new AppError(ErrorCode.tokenInvalid, { status: 404, detail: 'No valid token found' });

/** Checks e-mail and password; answers with the user to sign in, or a login token when a code is needed. */
export async function checkCredentials(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<{ signInUserId: number } | { result: CredentialsResult }> {
  const user = await findUserByEmail(ctx.db, email);
  const isValid = await verifyPassword(user?.passwordHash, password);
  if (!user || user.deleted || !isValid) throw credentialsInvalid();
  // Only after the password proved the caller knows the account do we say more about it.
  await assertMaySignIn(ctx, user);
  const loginToken = createToken();
  const strongFactors = await strongSecondFactorsOf(ctx.db, user.id);
  if (strongFactors.length > 0) {
    // A strong factor replaces the mailed code: nothing is sent, the challenge waits for the factor.
    await insertChallenge(ctx.db, {
      tokenHash: hashToken(loginToken),
      userId: user.id,
      pinHash: null,
      expiresAt: new Date(Date.now() + PIN_VALID_MS),
    });
    return { result: { additionalCheck: true, loginToken, secondFactors: strongFactors } };
  }
  if (user.pinTransportMethod !== 'email') return { signInUserId: user.id };

  const pin = createPin();
  await ctx.db.transaction(async (tx) => {
    await insertChallenge(tx, {
      tokenHash: hashToken(loginToken),
      userId: user.id,
      pinHash: hashToken(`${loginToken}:${pin}`),
      expiresAt: new Date(Date.now() + PIN_VALID_MS),
    });
    await queueMail(tx, loginCodeMail(user.email, user.language, user.firstName, pin));
  });
  void ctx.mail.flush();
  return { result: { additionalCheck: true, loginToken, secondFactors: ['email'] } };
}

/**
 * Checks the second step of a login attempt: the mailed code, or for a strong-factor challenge a TOTP code or a
 * recovery code. Five wrong codes end the attempt.
 */
export async function checkPin(ctx: AppContext, loginToken: string, pin: string): Promise<number> {
  const pinInvalid = (isExhausted = false) =>
    isExhausted
      ? new AppError(ErrorCode.pinAttemptsExhausted, {
          status: 422,
          detail: 'Too many wrong codes, sign in again',
          fields: { pin: [ValidationKey.pinInvalid] },
        })
      : new AppError(ErrorCode.pinInvalid, {
          status: 422,
          detail: 'Invalid or expired code',
          fields: { pin: [ValidationKey.pinInvalid] },
        });
  const challenge = await findOpenChallenge(ctx.db, hashToken(loginToken), new Date());
  if (!challenge) throw pinInvalid();
  const isRight = challenge.pinHash
    ? hashesEqual(challenge.pinHash, hashToken(`${loginToken}:${pin}`))
    : await checkTotpOrRecoveryCode(ctx, challenge.userId, pin);
  if (!isRight) {
    const failures = await recordFailedAttempt(ctx.db, challenge.id, PIN_MAX_ATTEMPTS);
    throw pinInvalid(failures >= PIN_MAX_ATTEMPTS);
  }
  if (!(await closeChallenge(ctx.db, challenge.id))) throw pinInvalid();
  const user = await findUserById(ctx.db, challenge.userId);
  if (!user || user.deactivated || user.deleted) throw pinInvalid();
  return user.id;
}

/** Sends a reset link if the address belongs to a user; the caller answers alike either way. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.deleted || user.deactivated) return;
  await ctx.db.transaction(async (tx) => {
    await revokeTokensOfUser(tx, 'passwordReset', user.id);
    const token = await issueToken(tx, 'passwordReset', user.id, RESET_TOKEN_VALID_MS);
    const url = `${ctx.config.publicUrl}/password/set/${token}`;
    await queueMail(tx, passwordResetMail(user.email, user.language, user.firstName, url));
  });
  void ctx.mail.flush();
}

/** Sets a new password from a reset link; ends every session of the user. */
export async function setPasswordWithToken(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const used = await consumeToken(tx, 'passwordReset', token);
    if (!used) throw tokenMissing();
    // The link reached the mailbox, so the address is confirmed too.
    await updateUser(tx, used.userId, { passwordHash, isConfirmed: true });
    await endSessionsOfUser(tx, used.userId, 'passwordChanged');
  });
}

export async function findEmailChange(ctx: AppContext, token: string): Promise<string> {
  const found = await findValidToken(ctx.db, 'emailChange', token);
  const email = found?.payload.email;
  if (!email) throw tokenMissing();
  return email;
}

/**
 * Completes an e-mail change: the link proves the new mailbox, the password proves the person. The old address loses
 * its hold on the account: every link still pending (a password reset, an earlier change, an invitation) is revoked,
 * and it is told of the change.
 */
export async function changeEmailWithToken(ctx: AppContext, token: string, password: string): Promise<void> {
  const found = await findValidToken(ctx.db, 'emailChange', token);
  const email = found?.payload.email;
  if (!found || !email) throw tokenMissing();
  const user = await findUserById(ctx.db, found.userId);
  if (!user || user.deleted) throw tokenMissing();
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new AppError(ErrorCode.wrongPassword, { status: 403, detail: 'Wrong password' });
  if (await isEmailTaken(ctx.db, email, user.id)) {
    throw new AppError(ErrorCode.emailAlreadyExists, {
      status: 422,
      detail: 'E-mail already exists',
      fields: { email: [ValidationKey.emailAlreadyExists] },
    });
  }
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, 'emailChange', token))) throw tokenMissing();
    await updateUser(tx, user.id, { email, isConfirmed: true });
    await revokeAllTokensOfUser(tx, user.id);
    await queueMail(tx, emailChangedNoticeMail(user.email, user.language, user.firstName));
  });
  void ctx.mail.flush();
}

/**
 * Starts an e-mail change: the old address stays until the link sent to the new one is confirmed. The caller is
 * answered alike whether the address is free or taken (no account enumeration): a taken address gets no link, only
 * a notice to its owner that someone entered it, with the same database and mail work either way.
 */
export async function startEmailChange(
  ctx: AppContext,
  user: { id: number; language: 'de' | 'en'; firstName: string },
  newEmail: string,
): Promise<void> {
  const owner = await findUserByEmail(ctx.db, newEmail);
  const isTaken = owner !== undefined && owner.id !== user.id;
  await ctx.db.transaction(async (tx) => {
    await revokeTokensOfUser(tx, 'emailChange', user.id);
    if (isTaken) {
      await queueMail(tx, emailTakenNoticeMail(owner.email, owner.language, owner.firstName));
      return;
    }
    const token = await issueToken(tx, 'emailChange', user.id, EMAIL_CHANGE_TOKEN_VALID_MS, { email: newEmail });
    const url = `${ctx.config.publicUrl}/email/set/${token}`;
    await queueMail(tx, emailChangeMail(newEmail, user.language, user.firstName, url));
  });
  void ctx.mail.flush();
}

export async function confirmRegistration(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const used = await consumeToken(tx, 'registrationConfirm', token);
    if (!used) throw tokenMissing();
    await updateUser(tx, used.userId, { isConfirmed: true });
  });
}
