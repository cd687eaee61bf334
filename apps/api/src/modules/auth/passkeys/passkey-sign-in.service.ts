import { PIN_MAX_ATTEMPTS, type passkeySignInSchema } from '@praxia/shared';
import {
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { hashToken } from '../../../lib/tokens.js';
import { findUserById } from '../../users/index.js';
import { closeChallenge, findOpenChallenge, recordFailedAttempt } from '../login-challenges.repo.js';
import { assertMaySignIn } from '../sign-in-rules.js';
import { storeChallenge, takeChallenge } from './passkey-challenges.repo.js';
import { findPasskeyByCredentialId, findPasskeysOfUser, recordPasskeyUse } from './passkeys.repo.js';
import { challengeOf, expectationsOf, PASSKEY_CEREMONY_MS, passkeyInvalid, relyingPartyOf } from './relying-party.js';

/** An open password step that waits for a strong factor (no e-mailed code). */
async function findStrongFactorStep(ctx: AppContext, loginToken: string) {
  const step = await findOpenChallenge(ctx.db, hashToken(loginToken), new Date());
  return step && step.pinHash === null ? step : undefined;
}

/**
 * Options for navigator.credentials.get(). Without a login token any discoverable passkey of this site may answer
 * (a sign-in with the passkey alone); with one, only the passkeys of the account whose password was just given.
 */
export async function startPasskeySignIn(ctx: AppContext, loginToken: string | undefined) {
  const step = loginToken === undefined ? undefined : await findStrongFactorStep(ctx, loginToken);
  if (loginToken !== undefined && !step) throw passkeyInvalid();
  const allowed = step ? await findPasskeysOfUser(ctx.db, step.userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyOf(ctx).rpID,
    timeout: PASSKEY_CEREMONY_MS,
    userVerification: 'required',
    allowCredentials: allowed.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    })),
  });
  await storeChallenge(ctx.db, {
    challenge: options.challenge,
    purpose: step ? 'secondFactor' : 'signIn',
    userId: step?.userId,
    loginChallengeId: step?.id,
    validMs: PASSKEY_CEREMONY_MS,
  });
  return { ...options };
}

/**
 * Verifies the browser's signature and answers the user to sign in. Every refusal (unknown, removed or foreign
 * passkey, used or expired challenge, bad signature, a counter that did not grow) answers alike; as a second step it
 * counts as a wrong try of that sign-in, five of which end it.
 */
export async function finishPasskeySignIn(
  ctx: AppContext,
  input: z.infer<typeof passkeySignInSchema>,
): Promise<number> {
  const step = input.loginToken === undefined ? undefined : await findStrongFactorStep(ctx, input.loginToken);
  if (input.loginToken !== undefined && !step) throw passkeyInvalid();
  const refuse = async () => {
    if (step) await recordFailedAttempt(ctx.db, step.id, PIN_MAX_ATTEMPTS);
    return passkeyInvalid();
  };

  const challenge = challengeOf(input.response.response.clientDataJSON);
  const stored = challenge && (await takeChallenge(ctx.db, challenge, step ? 'secondFactor' : 'signIn'));
  if (!challenge || !stored || (step && stored.loginChallengeId !== step.id)) throw await refuse();
  const passkey = await findPasskeyByCredentialId(ctx.db, input.response.id);
  if (!passkey || (step && passkey.userId !== step.userId)) throw await refuse();

  const verification = await verifyAuthenticationResponse({
    response: input.response,
    ...expectationsOf(ctx, challenge),
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    },
  }).catch(() => undefined);
  if (!verification?.verified) throw await refuse();
  if (!(await recordPasskeyUse(ctx.db, passkey.id, verification.authenticationInfo.newCounter))) throw await refuse();
  if (step && !(await closeChallenge(ctx.db, step.id))) throw passkeyInvalid();

  const user = await findUserById(ctx.db, passkey.userId);
  if (!user || user.deleted) throw passkeyInvalid();
  await assertMaySignIn(ctx, user);
  return user.id;
}
