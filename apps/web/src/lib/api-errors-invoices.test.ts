import { ErrorCode } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeApiError } from './api-errors';

const failure = (status: number, code: string, detail = 'Wörter', extra: Record<string, unknown> = {}) =>
  new ApiError(status, { type: 'X', title: 'T', status, detail, code, validationMessages: {}, ...extra });

describe('describeApiError: invoices and notices (appointments §8)', () => {
  it('reads "Adresse fehlt." when a 400 names missing address fields', () => {
    const listed = failure(400, 'error.addressMissing', 'Adresse fehlt.', { errors: ['street', 'city'] });
    expect(describeApiError('invoiceCall', listed).toast?.message).toEqual({ key: 'invoiceList.addressMissing' });
    const asMessages = failure(400, 'error.validationFailed', 'x', { validationMessages: { postalCode: ['x'] } });
    expect(describeApiError('invoiceCall', asMessages).toast?.message).toEqual({ key: 'invoiceList.addressMissing' });
  });

  it('says a trial practice needs the full version to send, and logs every invoice failure', () => {
    const trial = describeApiError('invoiceCall', failure(403, 'error.invoiceSendTrial'));
    expect(trial.toast?.message).toEqual({ key: 'invoiceList.sendBlocked.trial' });
    expect(trial.isUnexpected).toBe(true);
    const stale = describeApiError('invoiceCall', failure(409, 'error.invoiceSendNotMobile'));
    expect(stale.toast?.message).toEqual({ key: 'invoiceList.sendBlocked.notMobile' });
    const limit = describeApiError('invoiceCall', failure(409, 'error.invoiceSendLimitExceeded'));
    expect(limit.toast?.message).toEqual({ key: 'invoiceList.sendBlocked.limitExceeded' });
    expect(describeApiError('invoiceCall', failure(409, 'error.conflict')).isUnexpected).toBe(true);
    expect(describeApiError('invoiceCall', new ApiError(0, null)).isUnexpected).toBe(false);
  });

  it('shows other failures as the network error with the status code', () => {
    const outcome = describeApiError('invoiceCall', failure(409, 'error.conflict'));
    expect(outcome.toast).toMatchObject({
      title: { key: 'common.networkError' },
      message: { key: 'common.networkErrorCode', values: { code: 409 } },
    });
    expect(describeApiError('invoiceCall', failure(400, 'error.badRequest')).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 400 },
    });
  });

  it('warns when nothing can be invoiced and shows the factor refusal in the server words', () => {
    const none = describeApiError('invoiceCreate', failure(404, ErrorCode.appointmentsNoneBillable));
    expect(none.toast).toEqual({
      message: { key: ErrorCode.appointmentsNoneBillable, ns: 'validation' },
      tone: 'warning',
    });
    const factor = describeApiError('invoiceCreate', failure(422, 'error.invoiceFactor', 'Begründung fehlt (Nr. 1).'));
    expect(factor.toast?.message).toEqual({ raw: 'Begründung fehlt (Nr. 1).' });
  });
});
