import type { Passkey, passkeyRegisterSchema } from '@praxia/shared';
import {
  type AuthenticatorTransportFuture,
  generateRegistrationOptions,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { AppContext } from '../../../context.js';
import type { Executor } from '../../../db/client.js';
import { notFound } from '../../../plugins/errors.js';
import { passkeyAddedMail, passkeyRemovedMail, queueMail } from '../../mail/index.js';
import { findUserById } from '../../users/index.js';
import { storeChallenge, takeChallenge } from './passkey-challenges.repo.js';
import {
  deletePasskey,
  findPasskeysOfUser,
  insertPasskey,
  isCredentialIdTaken,
  type PasskeyRow,
  renamePasskey,
} from './passkeys.repo.js';
import {
  challengeOf,
  expectationsOf,
  PASSKEY_CEREMONY_MS,
  passkeyRegistrationFailed,
  relyingPartyOf,
} from './relying-party.js';

const DEFAULT_NAME = 'Passkey';

export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

async function requireUser(db: Executor, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  return user;
}

/**
 * Options for navigator.credentials.create(): a discoverable credential (it signs in without an e-mail address)
 * with user verification (it is a factor of its own: something held and a PIN or biometric), none of the user's
 * existing ones again.
 */
export async function startPasskeyRegistration(ctx: AppContext, userId: number) {
  const user = await requireUser(ctx.db, userId);
  const existing = await findPasskeysOfUser(ctx.db, userId);
  const { rpName, rpID } = relyingPartyOf(ctx);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
    timeout: PASSKEY_CEREMONY_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await storeChallenge(ctx.db, {
    challenge: options.challenge,
    purpose: 'register',
    userId,
    validMs: PASSKEY_CEREMONY_MS,
  });
  // A plain object for the declared response schema, which passes the options through as they are.
  return { ...options };
}

/** Verifies the browser's new credential against a challenge handed to this user, stores it and mails the user. */
export async function finishPasskeyRegistration(
  ctx: AppContext,
  userId: number,
  input: z.infer<typeof passkeyRegisterSchema>,
): Promise<Passkey> {
  const user = await requireUser(ctx.db, userId);
  const challenge = challengeOf(input.response.response.clientDataJSON);
  const stored = challenge && (await takeChallenge(ctx.db, challenge, 'register'));
  if (!challenge || !stored || stored.userId !== userId) throw passkeyRegistrationFailed();
  const verification = await verifyRegistrationResponse({
    response: input.response,
    ...expectationsOf(ctx, challenge),
  }).catch(() => undefined);
  const info = verification?.verified ? verification.registrationInfo : undefined;
  if (!info) throw passkeyRegistrationFailed();
  // The browser refuses a credential listed in excludeCredentials; one of another account is refused here.
  if (await isCredentialIdTaken(ctx.db, info.credential.id)) throw passkeyRegistrationFailed();
  const name = input.name ?? DEFAULT_NAME;
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertPasskey(tx, {
      userId,
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? input.response.response.transports ?? [],
      name,
    });
    await queueMail(tx, passkeyAddedMail(user.email, user.language, user.firstName, name));
    return inserted;
  });
  void ctx.mail.flush();
  return toPasskey(row);
}

export async function listPasskeys(ctx: AppContext, userId: number): Promise<Passkey[]> {
  return (await findPasskeysOfUser(ctx.db, userId)).map(toPasskey);
}

/** Another user's passkey answers like a missing one. */
export async function renameOwnPasskey(ctx: AppContext, userId: number, id: number, name: string): Promise<Passkey> {
  const row = await renamePasskey(ctx.db, userId, id, name);
  if (!row) throw notFound();
  return toPasskey(row);
}

/** Removes the passkey (it no longer signs in) and mails the user; another user's passkey answers like a missing one. */
export async function removeOwnPasskey(ctx: AppContext, userId: number, id: number): Promise<void> {
  const user = await requireUser(ctx.db, userId);
  await ctx.db.transaction(async (tx) => {
    const removed = await deletePasskey(tx, userId, id);
    if (!removed) throw notFound();
    await queueMail(tx, passkeyRemovedMail(user.email, user.language, user.firstName, removed.name));
  });
  void ctx.mail.flush();
}
