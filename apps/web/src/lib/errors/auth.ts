import { ErrorCode, ValidationKey } from '@praxia/shared';
import type { ApiError } from '../api-client';
import { describeDefault } from './common';
import {
  type CodeTexts,
  type ErrorHandler,
  type ErrorOutcome,
  key,
  networkErrorCode,
  only,
  silent,
  textOfCode,
  toFieldErrors,
  validationText,
} from './outcome';

/** Sign-in refusals by code (foundations §8), whether the server names them in `code` or in `credentials`. */
const SIGN_IN_TEXTS: CodeTexts = {
  [ErrorCode.credentialsInvalid]: key('login.credentialsInvalid'),
  [ErrorCode.deactivatedProfile]: key('login.deactivatedProfile'),
  [ErrorCode.notConfirmed]: key('login.notConfirmed'),
};

function describeLogin(error: ApiError): ErrorOutcome {
  const credentials = error.validationMessages.credentials ?? [];
  const known = [error.code, ...credentials].map((code) => textOfCode(SIGN_IN_TEXTS, code)).find(Boolean);
  switch (error.status) {
    case 401:
      return only(key('login.credentialsInvalid'));
    case 422: {
      if (known) return only(known);
      // The spec's network-error caption, over the status code instead of the server's sentence.
      return {
        toast: { title: key('common.networkError'), message: networkErrorCode(422) },
        fieldErrors: toFieldErrors(error.validationMessages),
      };
    }
    case 406:
      return only(credentials.length > 0 ? key('login.credentialsInvalid') : networkErrorCode(406));
    case 429:
      return only(key('common.tooManyRequests'));
    case 400:
    case 404:
    case 503:
      return only(networkErrorCode(error.status));
    default:
      return describeDefault(error);
  }
}

function describePin(error: ApiError): ErrorOutcome {
  if (error.status !== 422) return describeDefault(error);
  // After five wrong codes the login token is dead; only a new sign-in helps.
  if (error.code === ErrorCode.pinAttemptsExhausted) return only(key('login.pinRestart'), { effect: 'restartLogin' });
  return only(key('login.pinInvalid'));
}

function describeSetPassword(error: ApiError): ErrorOutcome {
  if (error.status === 404) {
    const message = error.code === ErrorCode.tokenInvalid ? key('password.tokenExpired') : networkErrorCode(404);
    return only(message, { effect: 'toResetPassword' });
  }
  return only(networkErrorCode(error.status));
}

function describeChangeEmail(error: ApiError): ErrorOutcome {
  switch (error.status) {
    case 404:
      return only(key('email.tokenInvalid'));
    case 403:
      return only(key('email.forbidden'));
    case 422:
      if (error.validationMessages.email?.includes(ValidationKey.emailAlreadyExists)) {
        return only(validationText(ValidationKey.emailAlreadyExists), {
          fieldErrors: { email: ValidationKey.emailAlreadyExists },
        });
      }
      return only(networkErrorCode(422));
    default:
      return only(networkErrorCode(error.status));
  }
}

function describeRegister(error: ApiError): ErrorOutcome {
  if (error.status !== 422) return describeDefault(error);
  const fieldErrors = toFieldErrors(error.validationMessages);
  const first = Object.values(fieldErrors)[0];
  // The spec's network-error caption over the first field's message, or the status code.
  const message = first ? validationText(first) : networkErrorCode(422);
  return { toast: { title: key('common.networkError'), message }, fieldErrors };
}

/** Whatever went wrong while checking an e-mail change link, the link cannot be used. */
export const tokenUnusable = () => only(key('email.tokenInvalid'), { effect: 'toProfile' });

export const authErrors = {
  login: describeLogin,
  pin: describePin,
  resetPassword: (error) =>
    error.status === 406 || error.status === 422
      ? only(key('password.resetInvalidEmail'), error.status === 422 ? { effect: 'clearEmail' } : {})
      : describeDefault(error),
  setPassword: describeSetPassword,
  tokenSearch: tokenUnusable,
  changeEmail: describeChangeEmail,
  register: describeRegister,
  confirmRegistration: (error) => (error.status === 404 ? only(key('confirm.invalid')) : describeDefault(error)),
  twoFactor: describeDefault,
  // A wrong password or code is the user's typo: shown at its field.
  twoFactorDisable: (error) => {
    if (error.code === ErrorCode.wrongPassword)
      return { toast: null, fieldErrors: { password: ErrorCode.wrongPassword } };
    if (error.code === ErrorCode.pinInvalid) return { toast: null, fieldErrors: { code: ValidationKey.pinInvalid } };
    return describeDefault(error);
  },
  loadUserToComplete: (error) =>
    error.status === 401 || error.status === 404 ? silent('toRegister') : describeDefault(error),
} satisfies Record<string, ErrorHandler>;
