import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeApiError, toFieldErrors } from './api-errors';

const apiError = (status: number, detail = '', validationMessages?: Record<string, string[]>, type = 'X') =>
  new ApiError(status, { type, title: 'T', status, detail, validationMessages });

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
    expect(describeApiError('login', apiError(404, 'Nope')).toast?.message).toEqual({ raw: 'Nope' });
    expect(describeApiError('login', apiError(406, 'D', { credentials: ['error.x'] })).toast?.message).toEqual({
      key: 'login.credentialsInvalid',
    });
    expect(describeApiError('login', apiError(406, 'D')).toast?.message).toEqual({ raw: 'D' });
  });

  it('shows other 422 details under the network-error caption', () => {
    const outcome = describeApiError('login', apiError(422, 'Something', { credentials: ['error.other'] }));
    expect(outcome.toast).toEqual({ title: { key: 'common.networkError' }, message: { raw: 'Something' } });
  });

  it('restarts the login after too many wrong codes', () => {
    expect(describeApiError('pin', apiError(422, 'Invalid or expired code')).toast?.message).toEqual({
      key: 'login.pinInvalid',
    });
    const outcome = describeApiError('pin', apiError(422, 'Too many wrong codes, sign in again'));
    expect(outcome.effect).toBe('restartLogin');
    expect(outcome.toast?.message).toEqual({ key: 'login.pinRestart' });
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
    const outcome = describeApiError('setPassword', apiError(404, 'No valid token found', undefined, 'Entity Missing'));
    expect(outcome).toMatchObject({ effect: 'toResetPassword', toast: { message: { key: 'password.tokenExpired' } } });
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

  it('turns registration validation messages into field errors', () => {
    const outcome = describeApiError(
      'register',
      apiError(422, 'E-mail already exists', { email: ['error.emailAlreadyExists'] }),
    );
    expect(outcome.fieldErrors).toEqual({ email: 'error.emailAlreadyExists' });
    expect(outcome.toast?.title).toEqual({ key: 'common.networkError' });
    expect(describeApiError('register', apiError(422, 'Bad')).toast?.message).toEqual({ raw: 'Bad' });
  });

  it('words payment failures as network errors with status and title', () => {
    const outcome = describeApiError('payment', apiError(404));
    expect(outcome.toast).toEqual({
      title: { raw: 'T' },
      message: { key: 'common.networkErrorCode', values: { code: 404 } },
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
