import { ErrorCode } from '@praxia/shared';
import type { ApiError } from '../api-client';
import {
  type CodeTexts,
  type ErrorHandler,
  type ErrorOutcome,
  key,
  networkErrorCode,
  only,
  silent,
  textOfCode,
  validationText,
} from './outcome';

/** Codes any screen may receive: the upload reader refuses a cut-off or stalled body the same way on every route. */
const COMMON_TEXTS: CodeTexts = {
  [ErrorCode.uploadMalformed]: validationText(ErrorCode.uploadMalformed),
  [ErrorCode.requestTimeout]: validationText(ErrorCode.requestTimeout),
  // The practice asks for a second factor: every screen says so until it is set up.
  [ErrorCode.twoFactorRequired]: key('twoFactor.required'),
};

/** Refusals the user caused and can avoid: a warning, not an error. */
const WARNINGS: CodeTexts = {
  [ErrorCode.noSelfDisable]: key('userList.noSelfDisable'),
  [ErrorCode.noSelfDelete]: key('userList.noSelfDelete'),
};

/** The text of a code every screen words the same way, if it is one. */
export const commonText = (code: string) => textOfCode(COMMON_TEXTS, code);

export function describeDefault(error: ApiError): ErrorOutcome {
  const warning = textOfCode(WARNINGS, error.code);
  if (warning) return { toast: { message: warning, tone: 'warning' }, fieldErrors: {} };
  const common = commonText(error.code);
  if (common) return only(common);
  switch (error.status) {
    case 0:
      return only(key('common.networkError'));
    case 403:
      return only(key('common.actionRefused'));
    case 429:
      return only(key('common.tooManyRequests'));
    case 500:
      return only(key('common.serverError'));
    case 400:
    case 401:
    case 404:
    case 409:
    case 422:
      return only(networkErrorCode(error.status));
    default:
      return only(networkErrorCode(error.status), { isUnexpected: true });
  }
}

/**
 * People §8: failures of the record calls (patient save, diagnoses, fees, lists, medical history) share one toast, the
 * network error title with the status code as its caption.
 */
export function describeGenericCall(error: ApiError): ErrorOutcome {
  if (error.status === 0) return only(key('common.networkError'));
  if (error.status === 429) return only(key('common.tooManyRequests'));
  const common = commonText(error.code);
  return {
    toast: { title: key('common.networkError'), message: common ?? networkErrorCode(error.status) },
    fieldErrors: {},
    isUnexpected: error.status >= 500,
  };
}

export const commonErrors = {
  default: describeDefault,
  genericCall: describeGenericCall,
  devMail: (error) => (error.status === 404 ? silent('unavailable') : describeDefault(error)),
} satisfies Record<string, ErrorHandler>;
