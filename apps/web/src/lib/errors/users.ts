import { ErrorCode, ValidationKey } from '@praxia/shared';
import type { ApiError } from '../api-client';
import { describeDefault } from './common';
import {
  type ErrorHandler,
  type ErrorOutcome,
  key,
  networkErrorCode,
  only,
  toFieldErrors,
  validationText,
} from './outcome';

/** People §9: the avatar's maximum, named in the file-size text. */
export const AVATAR_MAX_SIZE_TEXT = '1 MB';

/** People §8: a taken e-mail marks the field and says nothing more; other 422 and 500 show the network error toast. */
function describeUserUpdate(error: ApiError): ErrorOutcome {
  if (error.status === 422) {
    const fieldErrors = toFieldErrors(error.validationMessages);
    const isOnlyEmailTaken =
      Object.keys(fieldErrors).length === 1 && fieldErrors.email === ValidationKey.emailAlreadyExists;
    if (isOnlyEmailTaken) return { toast: null, fieldErrors };
    return only(networkErrorCode(422), { fieldErrors });
  }
  if (error.status === 500) return only(networkErrorCode(500), { isUnexpected: true });
  return describeDefault(error);
}

/** People §8 avatar upload: the file-size, pixel and type refusals under the update-error title. */
function describeAvatarUpload(error: ApiError): ErrorOutcome {
  const title = key('common.updateError');
  if (error.code === ErrorCode.fileSize) {
    return { toast: { title, message: key('avatar.fileSize', { size: AVATAR_MAX_SIZE_TEXT }) }, fieldErrors: {} };
  }
  if (error.code === ErrorCode.fileMimeType)
    return { toast: { title, message: key('avatar.fileType') }, fieldErrors: {} };
  // Small in bytes but too many pixels: not the byte limit's message, which would not fit.
  if (error.code === ErrorCode.filePixels)
    return { toast: { title, message: validationText(ErrorCode.filePixels) }, fieldErrors: {} };
  return describeDefault(error);
}

export const userErrors = {
  userUpdate: describeUserUpdate,
  avatarUpload: describeAvatarUpload,
  // A wrong current password is the user's typo: shown at the field rather than as a refused action.
  passwordChange: (error) =>
    error.code === ErrorCode.wrongPassword
      ? { toast: null, fieldErrors: { currentPassword: ErrorCode.wrongPassword } }
      : describeDefault(error),
  pushTest: (error) =>
    error.code === ErrorCode.pushUnavailable ? only(validationText(ErrorCode.pushUnavailable)) : describeDefault(error),
} satisfies Record<string, ErrorHandler>;
