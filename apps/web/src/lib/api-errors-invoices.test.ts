import { ErrorCode } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeApiError } from './errors';

const failure = (status: number, code: string, detail = 'Wörter', extra: Record<string, unknown> = {}) =>
  new ApiError(status, { type: 'X', title: 'T', status, detail, code, validationMessages: {}, ...extra });

describe('describeApiError: invoices and notices (appointments §8)', () => {
  it('reads "Adresse fehlt." for the missing-address codes of sending, dunning and billing', () => {
    const sending = failure(400, ErrorCode.invoiceAddressMissing, 'Adresse fehlt.', {
      validationMessages: { street: ['error.required'] },
    });
    expect(describeApiError('invoiceCall', sending).toast?.message).toEqual({ key: 'invoiceList.addressMissing' });
    const billing = failure(409, ErrorCode.appointmentAddressMissing, 'Adresse fehlt.');
    expect(describeApiError('invoiceCall', billing).toast?.message).toEqual({ key: 'invoiceList.addressMissing' });
    // The sentence alone means nothing to the web.
    const sentenceOnly = failure(400, ErrorCode.badRequest, 'Adresse fehlt.');
    expect(describeApiError('invoiceCall', sentenceOnly).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 400 },
    });
  });

  it('says a trial practice needs the full version to send, and logs every invoice failure', () => {
    const trial = describeApiError('invoiceCall', failure(403, 'error.invoiceSendTrial'));
    expect(trial.toast?.message).toEqual({ key: 'invoiceList.sendBlocked.trial' });
    expect(trial.isUnexpected).toBe(true);
    const stale = describeApiError('invoiceCall', failure(409, 'error.invoiceSendNotMobile'));
    expect(stale.toast?.message).toEqual({ key: 'invoiceList.sendBlocked.notMobile' });
    const limit = describeApiError('invoiceCall', failure(409, 'error.invoiceSendLimitExceeded'));
    expect(limit.toast?.message).toEqual({ key: 'invoiceList.sendBlocked.limitExceeded' });
    const noDigital = describeApiError('invoiceCall', failure(409, ErrorCode.invoiceSendNoDigital));
    expect(noDigital.toast?.message).toEqual({ key: 'invoiceList.sendBlocked.noDigital' });
    // A code that only ends like a known one is not that one.
    const lookalike = describeApiError('invoiceCall', failure(409, 'error.otherInvoiceSendTrial'));
    expect(lookalike.toast?.message).toEqual({ key: 'common.networkErrorCode', values: { code: 409 } });
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

  it('warns when nothing can be invoiced and names the fee number of a factor refusal from its params', () => {
    const none = describeApiError('invoiceCreate', failure(404, ErrorCode.appointmentsNoneBillable));
    expect(none.toast).toEqual({
      message: { key: ErrorCode.appointmentsNoneBillable, ns: 'validation' },
      tone: 'warning',
    });
    const factor = failure(422, ErrorCode.invoiceJustificationMissing, 'Begründung fehlt (Nr. 870).', {
      params: { code: '870' },
    });
    expect(describeApiError('invoiceCreate', factor).toast).toEqual({
      title: { key: 'common.networkError' },
      message: { key: ErrorCode.invoiceJustificationMissing, values: { code: '870' }, ns: 'validation' },
    });
    const unknown = describeApiError('invoiceCreate', failure(422, 'error.invoiceFactor', 'Begründung fehlt (Nr. 1).'));
    expect(unknown.toast?.message).toEqual({ key: 'common.networkErrorCode', values: { code: 422 } });
  });

  it('names both GOÄ numbers of an exclusion, the number billed too often, and a coach’s refused GOÄ line (§4 Nr. 14 UStG)', () => {
    const pair = failure(422, ErrorCode.goaeItemExclusion, 'x', { params: { code: '801', otherCode: '4' } });
    expect(describeApiError('invoiceCreate', pair).toast?.message).toEqual({
      key: ErrorCode.goaeItemExclusion,
      values: { code: '801', otherCode: '4' },
      ns: 'validation',
    });
    const limit = failure(422, ErrorCode.goaeItemLimit, 'x', { params: { code: '860', date: '17.03.2025' } });
    expect(describeApiError('appointmentSave', limit).toast?.message).toEqual({
      key: ErrorCode.goaeItemLimit,
      values: { code: '860', date: '17.03.2025' },
      ns: 'validation',
    });
    const coach = failure(422, ErrorCode.goaeNotForJobType);
    expect(describeApiError('invoiceCreate', coach).toast?.message).toEqual({
      key: ErrorCode.goaeNotForJobType,
      ns: 'validation',
    });
    expect(describeApiError('appointmentSave', coach).toast?.message).toMatchObject({
      key: ErrorCode.goaeNotForJobType,
    });
    const noJobType = failure(422, ErrorCode.goaeNeedsJobType);
    for (const action of ['invoiceCreate', 'appointmentSave'] as const) {
      expect(describeApiError(action, noJobType).toast?.message).toEqual({
        key: ErrorCode.goaeNeedsJobType,
        ns: 'validation',
      });
    }
  });

  it('§14 Abs. 4 Nr. 2 UStG: an invoice over 250 € without the tax number says where to enter it', () => {
    const refused = failure(409, ErrorCode.invoiceTaxNumberMissing);
    expect(describeApiError('invoiceCreate', refused).toast?.message).toEqual({
      key: ErrorCode.invoiceTaxNumberMissing,
      ns: 'validation',
    });
  });
});
