import { ErrorCode } from '@praxia/shared';
import type { ApiError } from '../api-client';
import { describeDefault } from './common';
import { type ErrorHandler, type ErrorOutcome, key, only } from './outcome';

/** A passkey sign-in: refused passkeys and the password sign-in's account refusals, each in its own words. */
function describePasskeySignIn(error: ApiError): ErrorOutcome {
  if (error.status === 429) return only(key('common.tooManyRequests'));
  if (error.status !== 422) return describeDefault(error);
  if (error.code === ErrorCode.deactivatedProfile) return only(key('login.deactivatedProfile'));
  if (error.code === ErrorCode.notConfirmed) return only(key('login.notConfirmed'));
  return only(key('passkeys.signInFailed'));
}

function describePasskeyChange(error: ApiError): ErrorOutcome {
  if (error.status === 422 && error.code === ErrorCode.passkeyRegistrationFailed) {
    return only(key('passkeys.registrationFailed'));
  }
  // Removed meanwhile (in another tab): the list is read again.
  if (error.status === 404) return only(key('passkeys.missing'), { effect: 'reload' });
  return describeDefault(error);
}

export const passkeyErrors = {
  passkeySignIn: describePasskeySignIn,
  passkeys: describePasskeyChange,
} satisfies Record<string, ErrorHandler>;
