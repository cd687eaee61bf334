import { ErrorCode } from '@praxia/shared';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../plugins/errors.js';

/** How long the browser may take (the options' timeout) and how long the challenge is kept for its answer. */
export const PASSKEY_CEREMONY_MS = 5 * 60 * 1000;

/** Passkeys are bound to the host people open Praxia on: PUBLIC_URL's host name and origin. */
export function relyingPartyOf(ctx: AppContext) {
  const url = new URL(ctx.config.publicUrl);
  return { rpName: 'Praxia', rpID: url.hostname, origin: url.origin };
}

/** What every answer of a browser must show: our challenge, our origin and host, and that the user was verified. */
export function expectationsOf(ctx: AppContext, challenge: string) {
  const { rpID, origin } = relyingPartyOf(ctx);
  return { expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true };
}

/** The challenge a browser's answer signed (from its clientDataJSON); undefined when the answer is not readable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

export const passkeyInvalid = () =>
  new AppError(ErrorCode.passkeyInvalid, {
    status: 422,
    detail: 'The passkey could not be verified',
    fields: { passkey: [ErrorCode.passkeyInvalid] },
  });

export const passkeyRegistrationFailed = () =>
  new AppError(ErrorCode.passkeyRegistrationFailed, {
    status: 422,
    detail: 'The passkey could not be registered',
    fields: { passkey: [ErrorCode.passkeyRegistrationFailed] },
  });
