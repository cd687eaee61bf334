import { ErrorCode, LOGO_TYPE_ERROR, ValidationKey } from '@praxia/shared';
import { ApiError } from './api-client';

/**
 * The one place where failed API calls become the spec's messages (spec foundations §8). It decides by the stable
 * error `code` and the message keys in `validationMessages`, never by the English `detail` sentence, which is only
 * shown where the spec says to show the server's words. Pure on purpose: screens show the toast via `handleApiError` and act on the returned effect and field errors.
 */

/** A text to show: a catalogue key (optionally in the flat 'validation' namespace) or the server's own words. */
export type MessageText =
  | { key: string; values?: Record<string, string | number>; ns?: 'validation' }
  | { raw: string };

export type ErrorToast = {
  title?: MessageText;
  message: MessageText;
  /** Milliseconds; the notifier's default when absent. */
  autoClose?: number;
  /**
   * 'info' for answers that are no failure for the user (e.g. the full version is already active); 'warning' for a
   * refusal the user can understand and avoid (e.g. deactivating oneself).
   */
  tone?: 'error' | 'info' | 'warning';
};

/** What a screen does besides the toast. */
export type ErrorEffect =
  | 'clearEmail'
  | 'restartLogin'
  | 'toResetPassword'
  | 'toProfile'
  | 'toRegister'
  | 'unavailable'
  | 'goBack'
  | 'reloadUser'
  | 'paymentClosed'
  | 'reload';

export type ErrorOutcome = {
  toast: ErrorToast | null;
  /** Form field → validation message key (first one the server sent). */
  fieldErrors: Record<string, string>;
  effect?: ErrorEffect;
  /** Statuses the spec does not name; the default handler logs them. */
  isUnexpected?: boolean;
};

export type ErrorContext =
  | 'default'
  | 'login'
  | 'pin'
  | 'resetPassword'
  | 'setPassword'
  | 'tokenSearch'
  | 'changeEmail'
  | 'register'
  | 'confirmRegistration'
  | 'loadUserToComplete'
  | 'userUpdate'
  | 'genericCall'
  | 'payment'
  | 'devMail'
  | 'customerLoad'
  | 'customerUpdate'
  | 'customerDeactivate'
  | 'customerDelete'
  | 'accountDeactivate'
  | 'invoiceSettings'
  | 'sandboxCheckout'
  | 'appointmentTypeLoad'
  | 'appointmentTypeToggle'
  | 'appointmentList'
  | 'appointmentSave'
  | 'appointmentDelete'
  | 'appointmentReject'
  | 'appointmentBulkState'
  | 'invoiceCall'
  | 'invoiceCreate';

const key = (k: string, values?: Record<string, string | number>): MessageText => ({ key: k, values });
const validationText = (k: string): MessageText => ({ key: k, ns: 'validation' });
const networkErrorCode = (status: number) => key('common.networkErrorCode', { code: status });
const only = (message: MessageText, rest: Partial<ErrorOutcome> = {}): ErrorOutcome => ({
  toast: { message },
  fieldErrors: {},
  ...rest,
});
const silent = (effect: ErrorEffect): ErrorOutcome => ({ toast: null, fieldErrors: {}, effect });

/** First message key per field, leaving out the catch-all 'body' entry. */
export function toFieldErrors(validationMessages: Record<string, string[]>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, keys] of Object.entries(validationMessages)) {
    const first = keys[0];
    if (field !== 'body' && first) errors[field] = first;
  }
  return errors;
}

/** Whatever went wrong while checking an e-mail change link, the link cannot be used. */
const tokenUnusable = () => only(key('email.tokenInvalid'), { effect: 'toProfile' });

function describeDefault(error: ApiError): ErrorOutcome {
  if (error.code === ErrorCode.noSelfDisable || error.code === ErrorCode.noSelfDelete) {
    const which = error.code === ErrorCode.noSelfDisable ? 'noSelfDisable' : 'noSelfDelete';
    return { toast: { message: key(`userList.${which}`), tone: 'warning' }, fieldErrors: {} };
  }
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

function describeLogin(error: ApiError): ErrorOutcome {
  const credentials = error.validationMessages.credentials ?? [];
  switch (error.status) {
    case 401:
      return only(key('login.credentialsInvalid'));
    case 422:
      if (credentials.includes(ValidationKey.credentialsInvalid)) return only(key('login.credentialsInvalid'));
      if (credentials.includes(ValidationKey.deactivatedProfile)) return only(key('login.deactivatedProfile'));
      if (credentials.includes(ErrorCode.notConfirmed)) return only(key('login.notConfirmed'));
      return {
        toast: { title: key('common.networkError'), message: { raw: error.detail } },
        fieldErrors: toFieldErrors(error.validationMessages),
      };
    case 400:
    case 404:
      return only({ raw: error.detail });
    case 406:
      return only(credentials.length > 0 ? key('login.credentialsInvalid') : { raw: error.detail });
    case 429:
      return only(key('common.tooManyRequests'));
    case 503:
      return only(networkErrorCode(503));
    default:
      return describeDefault(error);
  }
}

function describePin(error: ApiError): ErrorOutcome {
  if (error.status === 422) {
    // After five wrong codes the login token is dead; only a new sign-in helps.
    if (error.code === ErrorCode.pinAttemptsExhausted) {
      return only(key('login.pinRestart'), { effect: 'restartLogin' });
    }
    return only(key('login.pinInvalid'));
  }
  return describeDefault(error);
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
  // A taken address is no network failure: its message belongs under the e-mail field, which the form focuses.
  if (error.code === ErrorCode.emailAlreadyExists) {
    return { toast: null, fieldErrors: { ...fieldErrors, email: ValidationKey.emailAlreadyExists } };
  }
  const first = Object.values(fieldErrors)[0];
  // The spec shows the detail under the network-error caption; a known field message reads better than English detail.
  const message: MessageText = first ? validationText(first) : { raw: error.detail };
  return { toast: { title: key('common.networkError'), message }, fieldErrors };
}

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

/**
 * People §8: failures of the record calls (patient save, diagnoses, fees, lists, medical history) share one toast, the
 * network error title with the status code as its caption.
 */
function describeGenericCall(error: ApiError): ErrorOutcome {
  if (error.status === 0) return only(key('common.networkError'));
  if (error.status === 429) return only(key('common.tooManyRequests'));
  return {
    toast: { title: key('common.networkError'), message: networkErrorCode(error.status) },
    fieldErrors: {},
    isUnexpected: error.status >= 500,
  };
}

/** Customer delete failures stay on screen for 10 seconds (spec foundations §9). */
export const CUSTOMER_DELETE_TOAST_MS = 10_000;

function describePayment(error: ApiError): ErrorOutcome {
  const title = key('common.networkError');
  if (error.status === 401) return { toast: { title, message: key('upgrade.paymentTokenInvalid') }, fieldErrors: {} };
  if (error.code === ErrorCode.firstPaymentFailed) {
    return { toast: { title, message: key('upgrade.firstPaymentFailed') }, fieldErrors: {} };
  }
  // The practice has the full version already (e.g. paid in another tab): nothing to pay, the user is stale.
  if (error.code === ErrorCode.alreadyFullVersion) {
    return { toast: { message: key('upgrade.alreadyFull'), tone: 'info' }, fieldErrors: {}, effect: 'reloadUser' };
  }
  const serverTitle = error.body?.title;
  return {
    toast: { title: serverTitle ? { raw: serverTitle } : title, message: networkErrorCode(error.status) },
    fieldErrors: {},
  };
}

/** Loading a practice: members without the permission go back (403); an unknown practice does too (404). */
function describeCustomerLoad(error: ApiError): ErrorOutcome {
  if (error.status === 403) return only(key('common.actionRefused'), { effect: 'goBack' });
  if (error.status === 404) return only(key('customers.notFound'), { effect: 'goBack' });
  return describeDefault(error);
}

const LOGO_MESSAGE_KEYS = [LOGO_TYPE_ERROR, ValidationKey.logoPixels, ValidationKey.logoUnreadable] as const;

/** PATCH customer (spec foundations §8 Practice): logo type and size, field messages, the server's detail. */
function describeCustomerUpdate(error: ApiError): ErrorOutcome {
  const updateError = key('common.updateError');
  if (error.status === 422) {
    const fieldErrors = toFieldErrors(error.validationMessages);
    if (error.code === ErrorCode.logoSize) {
      return { toast: { message: validationText('error.logoSize') }, fieldErrors: { logo: 'error.logoSize' } };
    }
    const logoProblem = error.validationMessages.logo?.[0];
    if (logoProblem) {
      // The server names the problem (type, pixel size, damaged file); an unknown key reads as the type refusal.
      const known = (LOGO_MESSAGE_KEYS as readonly string[]).includes(logoProblem) ? logoProblem : LOGO_TYPE_ERROR;
      return { toast: { message: validationText(known) }, fieldErrors: { logo: known } };
    }
    return { toast: { message: updateError }, fieldErrors };
  }
  if (error.status === 0 || error.status === 429 || error.status >= 500) return describeDefault(error);
  // Any other refusal with a reason: the reason, under the update-failure caption.
  if (error.detail) return { toast: { title: updateError, message: { raw: error.detail } }, fieldErrors: {} };
  return only(updateError);
}

/** DELETE customer: a failure caption, the reason (e.g. therapists still assigned), 10 seconds. */
function describeCustomerDelete(error: ApiError): ErrorOutcome {
  const fallback = describeDefault(error).toast?.message ?? key('customers.deleteFailed');
  let message: MessageText = fallback;
  if (error.code === ErrorCode.practiceHasTherapists) message = key('customers.deleteBlockedByTherapists');
  // The provider refused to end the subscription: the practice stays, and the toast says it was not deleted.
  else if (error.code === ErrorCode.subscriptionCancelFailed) message = key('customers.deleteFailed');
  return {
    toast: { title: key('customers.deleteFailedTitle'), message, autoClose: CUSTOMER_DELETE_TOAST_MS },
    fieldErrors: {},
  };
}

/** PUT therapist invoice settings: field messages under the form, otherwise the generic update failure. */
function describeInvoiceSettings(error: ApiError): ErrorOutcome {
  if (error.status === 422)
    return only(key('common.updateError'), { fieldErrors: toFieldErrors(error.validationMessages) });
  if (error.status === 0 || error.status === 429 || error.status >= 500) return describeDefault(error);
  return only(key('common.updateError'));
}

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
 * Appointments §8 create/update/copy/book: an overlap shows the copy error text; other refusals show the server's
 * reason — the catalogue's words for the codes and field keys it knows, else its detail.
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
  if (error.status === 403) return only(key('calendar.forbidden'));
  if (error.status === 409 || error.status === 422 || error.status === 400) {
    if (error.code.startsWith('error.appointment')) return only(validationText(error.code), { fieldErrors });
    const first = Object.values(fieldErrors)[0];
    if (first) return only(validationText(first), { fieldErrors });
    if (error.detail) return only({ raw: error.detail }, { fieldErrors });
  }
  return describeDefault(error);
}

/** Appointments §8 delete: 'Löschen nicht möglich.' with the reason; other failures name the status code. */
function describeAppointmentDelete(error: ApiError): ErrorOutcome {
  const title = key('calendar.deleteImpossible');
  if (error.status === 409) {
    const reason = error.code === ErrorCode.appointmentSeriesBilled ? 'appointmentSeriesBilled' : 'appointmentBilled';
    return { toast: { title, message: validationText(`error.${reason}`) }, fieldErrors: {} };
  }
  if (error.status === 403) return { toast: { title, message: key('calendar.forbidden') }, fieldErrors: {} };
  return only(networkErrorCode(error.status), { isUnexpected: error.status === 0 || error.status >= 500 });
}

/** Appointments §8 billing actions: the three known answers, otherwise the server error toast and a reload. */
function describeAppointmentBulkState(error: ApiError): ErrorOutcome {
  const known = [
    ErrorCode.appointmentsNoneSelected,
    ErrorCode.appointmentsNoneInView,
    ErrorCode.appointmentsNoneBillable,
  ] as string[];
  const nothingToDo = (code: string): ErrorOutcome => ({
    toast: { message: validationText(code), tone: 'warning' },
    fieldErrors: {},
    effect: 'reload',
  });
  if (known.includes(error.code)) return nothingToDo(error.code);
  if (error.status === 404) return nothingToDo(ErrorCode.appointmentsNoneBillable);
  return only(key('common.serverError'), { effect: 'reload', isUnexpected: error.status >= 500 });
}

const ADDRESS_FIELDS = ['street', 'postalCode', 'city'];
/** The sending refusals of spec §5 by the end of their code, and their text under invoiceList.sendBlocked. */
const SEND_BLOCKS = [
  ['invoiceSendTrial', 'trial'],
  ['invoiceSendNotMobile', 'notMobile'],
  ['invoiceSendNoDigital', 'noDigital'],
  ['invoiceSendLimitExceeded', 'limitExceeded'],
] as const;

/** Whether a 400 names missing client address fields (in `validationMessages` or the contract's `errors`). */
export function namesMissingAddress(error: ApiError): boolean {
  if (error.status !== 400) return false;
  const extra = (error.body as { errors?: unknown } | null)?.errors;
  const named = [
    ...Object.keys(error.validationMessages),
    ...(Array.isArray(extra) ? extra.map(String) : extra && typeof extra === 'object' ? Object.keys(extra) : []),
  ];
  return named.some((field) => ADDRESS_FIELDS.some((address) => field.includes(address)));
}

/**
 * Appointments §8 invoices and notices: a missing address reads 'Adresse fehlt.', a trial practice's send the spec's
 * trial text; any other failure the network-error title with the status code as its caption.
 */
function describeInvoiceCall(error: ApiError): ErrorOutcome {
  // Spec §8: every failed invoice or notice call is logged, known refusals included.
  const logged = (outcome: ErrorOutcome): ErrorOutcome => ({ ...outcome, isUnexpected: error.status !== 0 });
  if (namesMissingAddress(error)) return logged(only(key('invoiceList.addressMissing')));
  // The list blocks sending on a trial already; the server's refusal reaches here only when the list was stale.
  // A send the list offered but the server refused (the patient record changed meanwhile): the spec's blocking text.
  const blocked = SEND_BLOCKS.find(([code]) => error.code.endsWith(code));
  if (blocked) return logged(only(key(`invoiceList.sendBlocked.${blocked[1]}`)));
  return logged(describeGenericCall(error));
}

/**
 * POST /invoice: nothing to bill reads the spec's warning; a GOÄ factor refusal (422) shows the server's detail, which
 * names the fee number to correct; the rest as any invoice call.
 */
function describeInvoiceCreate(error: ApiError): ErrorOutcome {
  if (error.code === ErrorCode.appointmentsNoneBillable || error.status === 404) {
    return { toast: { message: validationText(ErrorCode.appointmentsNoneBillable), tone: 'warning' }, fieldErrors: {} };
  }
  if (error.status === 422 && error.detail) {
    return {
      toast: { title: key('common.networkError'), message: { raw: error.detail } },
      fieldErrors: {},
      isUnexpected: true,
    };
  }
  return describeInvoiceCall(error);
}

function describe(context: ErrorContext, error: ApiError): ErrorOutcome {
  switch (context) {
    case 'login':
      return describeLogin(error);
    case 'pin':
      return describePin(error);
    case 'resetPassword':
      if (error.status === 406 || error.status === 422) {
        return only(key('password.resetInvalidEmail'), error.status === 422 ? { effect: 'clearEmail' } : {});
      }
      return describeDefault(error);
    case 'setPassword':
      return describeSetPassword(error);
    case 'tokenSearch':
      return tokenUnusable();
    case 'changeEmail':
      return describeChangeEmail(error);
    case 'register':
      return describeRegister(error);
    case 'confirmRegistration':
      return error.status === 404 ? only(key('confirm.invalid')) : describeDefault(error);
    case 'loadUserToComplete':
      return error.status === 401 || error.status === 404 ? silent('toRegister') : describeDefault(error);
    case 'userUpdate':
      return describeUserUpdate(error);
    case 'genericCall':
      return describeGenericCall(error);
    case 'payment':
      return describePayment(error);
    case 'devMail':
      return error.status === 404 ? silent('unavailable') : describeDefault(error);
    case 'customerLoad':
      return describeCustomerLoad(error);
    case 'customerUpdate':
      return describeCustomerUpdate(error);
    case 'customerDeactivate':
      return only(key('customers.deactivateFailed'));
    case 'customerDelete':
      return describeCustomerDelete(error);
    case 'accountDeactivate':
      return only(key('account.deactivationError'));
    case 'invoiceSettings':
      return describeInvoiceSettings(error);
    case 'sandboxCheckout':
      return error.status === 404 ? silent('paymentClosed') : describeDefault(error);
    case 'appointmentTypeLoad':
      return describeAppointmentTypeLoad(error);
    case 'appointmentTypeToggle':
      return describeAppointmentTypeToggle(error);
    case 'appointmentList':
      return error.status === 0 ? only(key('common.networkError')) : only(key('calendar.loadFailed'));
    case 'appointmentSave':
      return describeAppointmentSave(error);
    case 'appointmentDelete':
      return describeAppointmentDelete(error);
    case 'appointmentReject':
      return only(key('calendar.rejectFailed'));
    case 'appointmentBulkState':
      return describeAppointmentBulkState(error);
    case 'invoiceCall':
      return describeInvoiceCall(error);
    case 'invoiceCreate':
      return describeInvoiceCreate(error);
    case 'default':
      return describeDefault(error);
  }
}

/** Maps any thrown value of an API call to what the user sees. */
export function describeApiError(context: ErrorContext, error: unknown): ErrorOutcome {
  if (error instanceof ApiError) return describe(context, error);
  if (context === 'tokenSearch') return tokenUnusable();
  // Not an HTTP failure (e.g. an unexpected response shape): say what the spec says for server errors.
  return only(key('common.serverError'), { isUnexpected: true });
}
