import { ErrorCode } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeApiError } from './errors';

const failure = (status: number, code: string, detail = 'English words', validationMessages = {}) =>
  new ApiError(status, { type: 'X', title: 'T', status, detail, code, validationMessages });
const v = (key: string) => ({ key, ns: 'validation' });

describe('describeApiError: the calendar (appointments §8)', () => {
  it('shows an overlap as the copy error text, whatever the detail says', () => {
    const outcome = describeApiError(
      'appointmentSave',
      failure(409, ErrorCode.appointmentOverlaps, 'Appointment overlaps.'),
    );
    expect(outcome.toast?.message).toEqual({ key: 'calendar.copyError' });
  });

  it('shows other save refusals as the catalogue text of their code, an unknown code by its status', () => {
    expect(describeApiError('appointmentSave', failure(409, ErrorCode.appointmentStateForbids)).toast?.message).toEqual(
      v(ErrorCode.appointmentStateForbids),
    );
    expect(describeApiError('appointmentSave', failure(409, 'error.other', 'Reason.')).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 409 },
    });
    // Only whole codes are known: a code that merely starts like the calendar's is no calendar text.
    expect(describeApiError('appointmentSave', failure(409, 'error.appointmentSomethingNew')).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 409 },
    });
    const field = failure(422, ErrorCode.validationFailed, 'x', { appointmentEnd: ['error.appointmentMultipleDays'] });
    expect(describeApiError('appointmentSave', field).toast?.message).toEqual(v('error.appointmentMultipleDays'));
    expect(describeApiError('appointmentSave', failure(403, 'error.forbidden')).toast?.message).toEqual({
      key: 'calendar.forbidden',
    });
  });

  it('words delete conflicts under "Löschen nicht möglich."', () => {
    const billed = describeApiError('appointmentDelete', failure(409, ErrorCode.appointmentBilled)).toast;
    expect(billed).toEqual({ title: { key: 'calendar.deleteImpossible' }, message: v('error.appointmentBilled') });
    const series = describeApiError('appointmentDelete', failure(409, ErrorCode.appointmentSeriesBilled)).toast;
    expect(series?.message).toEqual(v('error.appointmentSeriesBilled'));
    const forbidden = describeApiError('appointmentDelete', failure(403, 'error.forbidden')).toast;
    expect(forbidden).toEqual({ title: { key: 'calendar.deleteImpossible' }, message: { key: 'calendar.forbidden' } });
    expect(describeApiError('appointmentDelete', failure(500, 'error.internal')).toast?.message).toEqual({
      key: 'common.networkErrorCode',
      values: { code: 500 },
    });
  });

  it('gives the billing actions their messages and reloads after any failure', () => {
    const none = describeApiError('appointmentBulkState', failure(404, 'error.notFound'));
    expect(none).toMatchObject({ toast: { message: v(ErrorCode.appointmentsNoneBillable) }, effect: 'reload' });
    // A DRS therapist is told they do not bill, not that there is nothing to bill.
    const drs = describeApiError('appointmentBulkState', failure(403, ErrorCode.billingNotForDrs));
    expect(drs).toMatchObject({ toast: { message: v(ErrorCode.billingNotForDrs) }, effect: 'reload' });
    const drsSave = describeApiError('appointmentSave', failure(403, ErrorCode.billingNotForDrs));
    expect(drsSave.toast?.message).toEqual(v(ErrorCode.billingNotForDrs));
    const drsInvoice = describeApiError('invoiceCreate', failure(403, ErrorCode.billingNotForDrs));
    expect(drsInvoice.toast?.message).toEqual(v(ErrorCode.billingNotForDrs));
    const server = describeApiError('appointmentBulkState', failure(500, 'error.internal'));
    expect(server).toMatchObject({ toast: { message: { key: 'common.serverError' } }, effect: 'reload' });
  });

  it('warns when the last active type would be deactivated, and goes back from a forbidden type', () => {
    const last = describeApiError('appointmentTypeToggle', failure(409, ErrorCode.appointmentTypeLastActive)).toast;
    expect(last).toEqual({ message: v(ErrorCode.appointmentTypeLastActive), tone: 'warning' });
    expect(describeApiError('appointmentTypeLoad', failure(403, 'error.forbidden')).effect).toBe('goBack');
  });
});
