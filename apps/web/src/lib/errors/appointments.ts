import { ErrorCode } from '@praxia/shared';
import type { ApiError } from '../api-client';
import { commonText, describeDefault } from './common';
import {
  type CodeTexts,
  type ErrorHandler,
  type ErrorOutcome,
  goaeItemRuleText,
  key,
  networkErrorCode,
  only,
  ownTexts,
  textOfCode,
  toFieldErrors,
  validationText,
} from './outcome';

/** Calendar refusals a save, copy, booking or fee change can answer (appointments §4.1, §8); texts under their codes. */
const SAVE_REFUSALS: CodeTexts = ownTexts([
  ErrorCode.appointmentNotAvailable,
  ErrorCode.appointmentStateForbids,
  ErrorCode.appointmentBilled,
  ErrorCode.appointmentSeriesBilled,
  ErrorCode.appointmentFeesIncomplete,
  ErrorCode.appointmentAddressMissing,
  ErrorCode.appointmentNotEnded,
  ErrorCode.appointmentBilledByInvoiceOnly,
  ErrorCode.appointmentsNoneSelected,
  ErrorCode.appointmentsNoneInView,
  ErrorCode.appointmentsNoneBillable,
  ErrorCode.billingNotForDrs,
  ErrorCode.goaeNotForJobType,
  ErrorCode.goaeNeedsJobType,
  ErrorCode.appointmentTypeLastActive,
  ErrorCode.appointmentTypeInUse,
  ErrorCode.appointmentInvoiced,
  ErrorCode.appointmentNotHeld,
  ErrorCode.appointmentPatientMissing,
  ErrorCode.bookingFailed,
  ErrorCode.videoNeedsClient,
  ErrorCode.videoOnSite,
  ErrorCode.videoOwnAppointmentsOnly,
]);

/** Billing actions with nothing to do: a warning and a reload (appointments §8). */
const NOTHING_TO_BILL: CodeTexts = ownTexts([
  ErrorCode.appointmentsNoneSelected,
  ErrorCode.appointmentsNoneInView,
  ErrorCode.appointmentsNoneBillable,
]);

const DELETE_REFUSALS: CodeTexts = ownTexts([ErrorCode.appointmentBilled, ErrorCode.appointmentSeriesBilled]);

/** Appointments §8: a forbidden or unknown type to edit goes back. */
function describeAppointmentTypeLoad(error: ApiError): ErrorOutcome {
  if (error.status === 403) return only(key('common.actionRefused'), { effect: 'goBack' });
  if (error.status === 404) return only(key('appointmentTypes.notFound'), { effect: 'goBack' });
  return describeDefault(error);
}

/** Appointments §4.2, §8: a refused (de)activation is a warning, e.g. the last active type. */
function describeAppointmentTypeToggle(error: ApiError): ErrorOutcome {
  const message =
    error.code === ErrorCode.appointmentTypeLastActive
      ? validationText(ErrorCode.appointmentTypeLastActive)
      : (describeDefault(error).toast?.message ?? key('common.serverError'));
  return { toast: { message, tone: 'warning' }, fieldErrors: {} };
}

/**
 * Appointments §8 create/update/copy/book and the fee form: an overlap shows the copy error text; other refusals the
 * catalogue text of their code or of the first field message; an unknown refusal its status code.
 */
function describeAppointmentSave(error: ApiError): ErrorOutcome {
  const fieldErrors = toFieldErrors(error.validationMessages);
  if (error.code === ErrorCode.appointmentOverlaps) {
    // A series names its first conflicting date.
    const date = error.body?.params?.date;
    return only(typeof date === 'string' ? key('calendar.copyErrorOn', { date }) : key('calendar.copyError'), {
      fieldErrors,
    });
  }
  if (error.code === ErrorCode.billingNotForDrs) return only(validationText(ErrorCode.billingNotForDrs));
  const itemRule = goaeItemRuleText(error);
  if (itemRule) return only(itemRule, { fieldErrors });
  if (error.status === 403) return only(key('calendar.forbidden'));
  if (error.status === 409 || error.status === 422 || error.status === 400) {
    const first = Object.values(fieldErrors)[0];
    const reason =
      textOfCode(SAVE_REFUSALS, error.code) ?? commonText(error.code) ?? (first ? validationText(first) : undefined);
    return only(reason ?? networkErrorCode(error.status), { fieldErrors });
  }
  return describeDefault(error);
}

/** Appointments §8 delete: 'Löschen nicht möglich.' with the reason; other failures name the status code. */
function describeAppointmentDelete(error: ApiError): ErrorOutcome {
  const title = key('calendar.deleteImpossible');
  if (error.status === 409) {
    const reason = textOfCode(DELETE_REFUSALS, error.code) ?? validationText(ErrorCode.appointmentBilled);
    return { toast: { title, message: reason }, fieldErrors: {} };
  }
  if (error.status === 403) return { toast: { title, message: key('calendar.forbidden') }, fieldErrors: {} };
  return only(networkErrorCode(error.status), { isUnexpected: error.status === 0 || error.status >= 500 });
}

/** Appointments §8 billing actions: the three known answers, otherwise the server error toast and a reload. */
function describeAppointmentBulkState(error: ApiError): ErrorOutcome {
  const nothing =
    textOfCode(NOTHING_TO_BILL, error.code) ??
    (error.status === 404 ? validationText(ErrorCode.appointmentsNoneBillable) : undefined);
  if (nothing) return { toast: { message: nothing, tone: 'warning' }, fieldErrors: {}, effect: 'reload' };
  const refusal = textOfCode(SAVE_REFUSALS, error.code);
  if (refusal) return only(refusal, { effect: 'reload' });
  return only(key('common.serverError'), { effect: 'reload', isUnexpected: error.status >= 500 });
}

export const appointmentErrors = {
  appointmentTypeLoad: describeAppointmentTypeLoad,
  appointmentTypeToggle: describeAppointmentTypeToggle,
  appointmentList: (error) =>
    error.status === 0 ? only(key('common.networkError')) : only(key('calendar.loadFailed')),
  appointmentSave: describeAppointmentSave,
  appointmentDelete: describeAppointmentDelete,
  appointmentReject: () => only(key('calendar.rejectFailed')),
  appointmentBulkState: describeAppointmentBulkState,
} satisfies Record<string, ErrorHandler>;
