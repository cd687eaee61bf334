import { ErrorCode, errorCodeForStatus } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeApiError, toFieldErrors } from './errors';

const apiError = (
  status: number,
  detail = '',
  validationMessages?: Record<string, string[]>,
  type = 'X',
  code: string = errorCodeForStatus(status),
) => new ApiError(status, { type, title: 'T', status, detail, code, validationMessages });
/** A failure that carries only its code, as the screens must read it. */
const withCode = (status: number, code: string, validationMessages?: Record<string, string[]>) =>
  apiError(status, 'some English sentence', validationMessages, 'X', code);

describe('describeApiError: sign-in', () => {
  it('words the spec cases', () => {
    expect(describeApiError('login', apiError(401)).toast?.message).toEqual({ key: 'login.credentialsInvalid' });
    expect(
      describeApiError('login', apiError(422, 'x', { credentials: ['error.deactivatedProfile'] })).toast?.message,
    ).toEqual({ key: 'login.deactivatedProfile' });
    expect(
      describeApiError('login', apiError(422, 'x', { credentials: ['error.notConfirmed'] })).toast?.message,
    ).toEqual({ key: 'login.notConfirmed' });
    expect(describeApiError('login', apiError(429)).toast?.message).toEqual({ key: 'common.tooManyRequests' });
    expect(describeApiError('login', apiError(404, 'Nope')).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 404 },
    });
    expect(describeApiError('login', apiError(406, 'D', { credentials: ['error.x'] })).toast?.message).toEqual({
      key: 'login.credentialsInvalid',
    });
    expect(describeApiError('login', apiError(406, 'D')).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 406 },
    });
  });

  it('shows other 422 refusals under the network-error caption with the status code, not the server sentence', () => {
    const outcome = describeApiError('login', apiError(422, 'Something', { credentials: ['error.other'] }));
    expect(outcome.toast).toEqual({
      title: { key: 'common.networkError' },
      message: { key: 'common.networkErrorCode', values: { code: 422 } },
    });
  });

  it('words a sign-in refusal by its code even without credentials messages', () => {
    expect(describeApiError('login', withCode(422, ErrorCode.deactivatedProfile)).toast?.message).toEqual({
      key: 'login.deactivatedProfile',
    });
  });

  it('restarts the login after too many wrong codes, told by the code and not by the detail sentence', () => {
    expect(describeApiError('pin', withCode(422, ErrorCode.pinInvalid)).toast?.message).toEqual({
      key: 'login.pinInvalid',
    });
    const outcome = describeApiError('pin', withCode(422, ErrorCode.pinAttemptsExhausted));
    expect(outcome.effect).toBe('restartLogin');
    expect(outcome.toast?.message).toEqual({ key: 'login.pinRestart' });
    const detailOnly = apiError(422, 'Too many wrong codes, sign in again', undefined, 'X', ErrorCode.pinInvalid);
    expect(describeApiError('pin', detailOnly).effect).toBeUndefined();
  });
});

describe('describeApiError: account flows', () => {
  it('clears the e-mail on a refused reset request', () => {
    const outcome = describeApiError('resetPassword', apiError(422));
    expect(outcome.toast?.message).toEqual({ key: 'password.resetInvalidEmail' });
    expect(outcome.effect).toBe('clearEmail');
    expect(describeApiError('resetPassword', apiError(406)).effect).toBeUndefined();
  });

  it('sends a dead password link back to the reset form', () => {
    const outcome = describeApiError(
      'setPassword',
      apiError(404, 'any words', undefined, 'Entity Missing', ErrorCode.tokenInvalid),
    );
    expect(outcome).toMatchObject({ effect: 'toResetPassword', toast: { message: { key: 'password.tokenExpired' } } });
    const otherMissing = describeApiError(
      'setPassword',
      apiError(404, 'No valid token found', undefined, 'Entity Missing'),
    );
    expect(otherMissing.toast?.message).toEqual({ key: 'common.networkErrorCode', values: { code: 404 } });
    expect(describeApiError('setPassword', apiError(500)).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 500 },
    });
  });

  it('maps the e-mail change answers', () => {
    expect(describeApiError('changeEmail', apiError(404)).toast?.message).toEqual({ key: 'email.tokenInvalid' });
    expect(describeApiError('changeEmail', apiError(403)).toast?.message).toEqual({ key: 'email.forbidden' });
    const exists = describeApiError('changeEmail', apiError(422, '', { email: ['error.emailAlreadyExists'] }));
    expect(exists.toast?.message).toEqual({ key: 'error.emailAlreadyExists', ns: 'validation' });
    expect(describeApiError('changeEmail', apiError(422)).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 422 },
    });
    expect(describeApiError('tokenSearch', new Error('empty list')).effect).toBe('toProfile');
  });

  it('shows other registration refusals under the network-error caption, with their field errors', () => {
    const outcome = describeApiError('register', withCode(422, ErrorCode.validationFailed, { phone: ['error.phone'] }));
    expect(outcome.fieldErrors).toEqual({ phone: 'error.phone' });
    expect(outcome.toast).toEqual({
      title: { key: 'common.networkError' },
      message: { key: 'error.phone', ns: 'validation' },
    });
    expect(describeApiError('register', apiError(422, 'Bad')).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 422 },
    });
  });

  it('words payment failures as network errors with the status code', () => {
    const outcome = describeApiError('payment', apiError(404));
    expect(outcome.toast).toEqual({
      title: { key: 'common.networkError' },
      message: { key: 'common.networkErrorCode', values: { code: 404 } },
    });
  });
});

describe('describeApiError: upgrade payment', () => {
  it('says the session is invalid on 401', () => {
    expect(describeApiError('payment', apiError(401)).toast).toEqual({
      title: { key: 'common.networkError' },
      message: { key: 'upgrade.paymentTokenInvalid' },
    });
  });

  it('says the first payment failed when the provider refused it (502), other 502s stay generic', () => {
    expect(describeApiError('payment', withCode(502, ErrorCode.firstPaymentFailed)).toast?.message).toEqual({
      key: 'upgrade.firstPaymentFailed',
    });
    expect(describeApiError('payment', apiError(502, 'First payment could not be created')).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 502 },
    });
  });

  it('treats 409 (full version already active) as information and reloads the user', () => {
    const outcome = describeApiError('payment', withCode(409, ErrorCode.alreadyFullVersion));
    expect(outcome.toast).toEqual({ message: { key: 'upgrade.alreadyFull' }, tone: 'info' });
    expect(outcome.effect).toBe('reloadUser');
  });
});

describe('describeApiError: practices', () => {
  it('names a too big logo and a refused logo type, with the message on the logo field', () => {
    const tooBig = describeApiError('customerUpdate', withCode(422, ErrorCode.logoSize, { logo: ['error.logoSize'] }));
    expect(tooBig.toast?.message).toEqual({ key: 'error.logoSize', ns: 'validation' });
    expect(tooBig.fieldErrors).toEqual({ logo: 'error.logoSize' });
    const wrongType = describeApiError(
      'customerUpdate',
      withCode(422, ErrorCode.logoType, { logo: ['error.logoType'] }),
    );
    expect(wrongType.toast?.message).toEqual({ key: 'error.logoType', ns: 'validation' });
    expect(wrongType.fieldErrors).toEqual({ logo: 'error.logoType' });
  });

  it('names an image with too many pixels and a damaged image by their own messages', () => {
    for (const problem of [ErrorCode.logoPixels, ErrorCode.logoUnreadable]) {
      const outcome = describeApiError('customerUpdate', withCode(422, problem, { logo: [problem] }));
      expect(outcome.toast?.message).toEqual({ key: problem, ns: 'validation' });
      expect(outcome.fieldErrors).toEqual({ logo: problem });
    }
  });

  it('puts other 422 messages under their fields with the generic update failure', () => {
    const outcome = describeApiError(
      'customerUpdate',
      apiError(422, 'The request is not valid.', { street: ['error.required'], city: ['error.required'] }),
    );
    expect(outcome.toast?.message).toEqual({ key: 'common.updateError' });
    expect(outcome.fieldErrors).toEqual({ street: 'error.required', city: 'error.required' });
  });

  it('words known refusals under the update-failure caption, and the generic failure for unknown codes', () => {
    expect(describeApiError('customerUpdate', apiError(403, 'Forbidden')).toast).toEqual({
      title: { key: 'common.updateError' },
      message: { key: 'common.actionRefused' },
    });
    expect(describeApiError('customerUpdate', withCode(409, 'error.somethingNew')).toast).toEqual({
      message: { key: 'common.updateError' },
    });
    expect(describeApiError('customerUpdate', apiError(404)).toast?.message).toEqual({ key: 'common.updateError' });
    expect(describeApiError('customerUpdate', apiError(500)).toast?.message).toEqual({ key: 'common.serverError' });
  });

  it('shows a refused deletion with its reason under a failure caption for 10 seconds', () => {
    expect(describeApiError('customerDelete', withCode(409, ErrorCode.practiceHasTherapists)).toast).toEqual({
      title: { key: 'customers.deleteFailedTitle' },
      message: { key: 'customers.deleteBlockedByTherapists' },
      autoClose: 10_000,
    });
    expect(describeApiError('customerDelete', apiError(403)).toast).toMatchObject({
      title: { key: 'customers.deleteFailedTitle' },
      message: { key: 'common.actionRefused' },
      autoClose: 10_000,
    });
  });

  it('words failed deactivations of a practice and of the own account', () => {
    expect(describeApiError('customerDeactivate', apiError(502)).toast?.message).toEqual({
      key: 'customers.deactivateFailed',
    });
    expect(describeApiError('accountDeactivate', apiError(502)).toast?.message).toEqual({
      key: 'account.deactivationError',
    });
  });

  it('goes back when the practice may not be read or does not exist', () => {
    expect(describeApiError('customerLoad', apiError(403)).effect).toBe('goBack');
    expect(describeApiError('customerLoad', apiError(404)).effect).toBe('goBack');
    expect(describeApiError('customerLoad', apiError(500)).effect).toBeUndefined();
  });

  it('marks therapist invoice settings fields the server refused', () => {
    const outcome = describeApiError('invoiceSettings', apiError(422, 'x', { returnAddress: ['error.required'] }));
    expect(outcome.fieldErrors).toEqual({ returnAddress: 'error.required' });
    expect(outcome.toast?.message).toEqual({ key: 'common.updateError' });
  });

  it('knows a finished sandbox payment (404) as closed, without a toast', () => {
    expect(describeApiError('sandboxCheckout', apiError(404))).toEqual({
      toast: null,
      fieldErrors: {},
      effect: 'paymentClosed',
    });
  });
});

describe('describeApiError: defaults', () => {
  it('covers offline, refusals and server errors', () => {
    expect(describeApiError('default', new ApiError(0, null)).toast?.message).toEqual({ key: 'common.networkError' });
    expect(describeApiError('default', apiError(403)).toast?.message).toEqual({ key: 'common.actionRefused' });
    expect(describeApiError('default', apiError(500)).toast?.message).toEqual({ key: 'common.serverError' });
    expect(describeApiError('default', apiError(418)).isUnexpected).toBe(true);
    expect(describeApiError('default', new TypeError('x')).isUnexpected).toBe(true);
  });

  it('keeps the first message per field and drops the catch-all', () => {
    expect(toFieldErrors({ email: ['error.a', 'error.b'], body: ['error.c'], phone: [] })).toEqual({
      email: 'error.a',
    });
  });
});

describe('describeApiError: patient records (people §8)', () => {
  it('marks a taken patient number and toasts it, told by the code in formGlobal', () => {
    const taken = withCode(422, ErrorCode.patientNumberTaken, { formGlobal: [ErrorCode.patientNumberTaken] });
    expect(describeApiError('patientSave', taken)).toEqual({
      toast: { message: { key: 'patients.numberExists' } },
      fieldErrors: { patientNumber: 'error.patientNumberNotUnique' },
    });
  });

  it('marks a taken e-mail and the fields the server names, without a toast', () => {
    const taken = withCode(422, ErrorCode.patientEmailTaken, { formGlobal: [ErrorCode.patientEmailTaken] });
    expect(describeApiError('patientSave', taken)).toEqual({
      toast: null,
      fieldErrors: { email: 'error.emailAlreadyExists' },
    });
    const field = withCode(422, ErrorCode.validationFailed, { 'patient.email': ['error.invalidEmail'] });
    expect(describeApiError('patientSave', field).fieldErrors).toEqual({ email: 'error.invalidEmail' });
  });

  it('shows the generic network error for a form-wide sentence or any other failure', () => {
    const sentence = apiError(422, 'x', { formGlobal: ['patient number has to be unique for customer'] });
    expect(describeApiError('patientSave', sentence).toast).toEqual({
      title: { key: 'common.networkError' },
      message: { key: 'common.networkErrorCode', values: { code: 422 } },
    });
    expect(describeApiError('patientSave', apiError(500)).isUnexpected).toBe(true);
  });
});

describe('describeApiError: own account screens', () => {
  it('puts a wrong current password under its field without a toast', () => {
    expect(describeApiError('passwordChange', withCode(403, ErrorCode.wrongPassword))).toEqual({
      toast: null,
      fieldErrors: { currentPassword: ErrorCode.wrongPassword },
    });
    expect(describeApiError('passwordChange', apiError(403)).toast?.message).toEqual({ key: 'common.actionRefused' });
  });

  it('says when no browser took the test notification', () => {
    expect(describeApiError('pushTest', withCode(422, ErrorCode.pushUnavailable)).toast?.message).toEqual({
      key: ErrorCode.pushUnavailable,
      ns: 'validation',
    });
  });

  it('words the avatar refusals under the update-failure caption', () => {
    expect(describeApiError('avatarUpload', withCode(422, ErrorCode.fileSize)).toast).toEqual({
      title: { key: 'common.updateError' },
      message: { key: 'avatar.fileSize', values: { size: '1 MB' } },
    });
    expect(describeApiError('avatarUpload', withCode(422, ErrorCode.fileMimeType)).toast?.message).toEqual({
      key: 'avatar.fileType',
    });
    expect(describeApiError('avatarUpload', withCode(422, ErrorCode.filePixels)).toast).toEqual({
      title: { key: 'common.updateError' },
      message: { key: ErrorCode.filePixels, ns: 'validation' },
    });
  });
});

describe('describeApiError: a broken or stalled upload', () => {
  it.each([
    [400, ErrorCode.uploadMalformed],
    [408, ErrorCode.requestTimeout],
  ])('words %i %s on any screen instead of the status code', (status, code) => {
    const text = { key: code, ns: 'validation' };
    expect(describeApiError('default', withCode(status, code)).toast?.message).toEqual(text);
    expect(describeApiError('genericCall', withCode(status, code)).toast?.message).toEqual(text);
    expect(describeApiError('avatarUpload', withCode(status, code)).toast?.message).toEqual(text);
    expect(describeApiError('customerUpdate', withCode(status, code)).toast?.message).toEqual(text);
  });

  it('keeps the generic toast with the status code for codes nobody maps', () => {
    expect(describeApiError('default', withCode(400, 'error.somethingNew')).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 400 },
    });
  });
});
