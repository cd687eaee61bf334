import { ErrorCode, LOGO_TYPE_ERROR, ValidationKey } from '@praxia/shared';
import type { ApiError } from '../api-client';
import { commonText, describeDefault } from './common';
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

/** Customer delete failures stay on screen for 10 seconds (spec foundations §9). */
export const CUSTOMER_DELETE_TOAST_MS = 10_000;

/** The logo problems the server names in validationMessages.logo; anything else reads as the type refusal. */
const LOGO_MESSAGE_KEYS: readonly string[] = [LOGO_TYPE_ERROR, ValidationKey.logoPixels, ValidationKey.logoUnreadable];

/** Refusals of a practice update other than field messages, worded under the update-failure caption. */
const UPDATE_REFUSALS: CodeTexts = {
  [ErrorCode.forbidden]: key('common.actionRefused'),
  [ErrorCode.practiceHasTherapists]: key('customers.deleteBlockedByTherapists'),
};

const DELETE_REFUSALS: CodeTexts = {
  [ErrorCode.practiceHasTherapists]: key('customers.deleteBlockedByTherapists'),
  // The provider refused to end the subscription: the practice stays, and the toast says it was not deleted.
  [ErrorCode.subscriptionCancelFailed]: key('customers.deleteFailed'),
};

const PAYMENT_TEXTS: CodeTexts = {
  [ErrorCode.notSignedIn]: key('upgrade.paymentTokenInvalid'),
  [ErrorCode.sessionExpired]: key('upgrade.paymentTokenInvalid'),
  [ErrorCode.firstPaymentFailed]: key('upgrade.firstPaymentFailed'),
};

/** Loading a practice: members without the permission go back (403); an unknown practice does too (404). */
function describeCustomerLoad(error: ApiError): ErrorOutcome {
  if (error.status === 403) return only(key('common.actionRefused'), { effect: 'goBack' });
  if (error.status === 404) return only(key('customers.notFound'), { effect: 'goBack' });
  return describeDefault(error);
}

/** PATCH customer (spec foundations §8 Practice): logo type and size, field messages, the refusal's reason. */
function describeCustomerUpdate(error: ApiError): ErrorOutcome {
  const updateError = key('common.updateError');
  if (error.status === 422) {
    if (error.code === ErrorCode.logoSize) {
      return { toast: { message: validationText('error.logoSize') }, fieldErrors: { logo: 'error.logoSize' } };
    }
    const logoProblem = error.validationMessages.logo?.[0];
    if (logoProblem) {
      const known = LOGO_MESSAGE_KEYS.includes(logoProblem) ? logoProblem : LOGO_TYPE_ERROR;
      return { toast: { message: validationText(known) }, fieldErrors: { logo: known } };
    }
    return { toast: { message: updateError }, fieldErrors: toFieldErrors(error.validationMessages) };
  }
  if (error.status === 0 || error.status === 429 || error.status >= 500) return describeDefault(error);
  // Any other refusal with a known reason: the reason, under the update-failure caption.
  const reason = textOfCode(UPDATE_REFUSALS, error.code) ?? commonText(error.code);
  if (reason) return { toast: { title: updateError, message: reason }, fieldErrors: {} };
  return only(updateError);
}

/** DELETE customer: a failure caption, the reason (e.g. therapists still assigned), 10 seconds. */
function describeCustomerDelete(error: ApiError): ErrorOutcome {
  const message =
    textOfCode(DELETE_REFUSALS, error.code) ?? describeDefault(error).toast?.message ?? key('customers.deleteFailed');
  return {
    toast: { title: key('customers.deleteFailedTitle'), message, autoClose: CUSTOMER_DELETE_TOAST_MS },
    fieldErrors: {},
  };
}

/** PUT therapist invoice settings: field messages under the form, otherwise the generic update failure. */
function describeInvoiceSettings(error: ApiError): ErrorOutcome {
  if (error.status === 422) {
    return only(key('common.updateError'), { fieldErrors: toFieldErrors(error.validationMessages) });
  }
  if (error.status === 0 || error.status === 429 || error.status >= 500) return describeDefault(error);
  return only(key('common.updateError'));
}

function describePayment(error: ApiError): ErrorOutcome {
  const title = key('common.networkError');
  // The practice has the full version already (e.g. paid in another tab): nothing to pay, the user is stale.
  if (error.code === ErrorCode.alreadyFullVersion) {
    return { toast: { message: key('upgrade.alreadyFull'), tone: 'info' }, fieldErrors: {}, effect: 'reloadUser' };
  }
  const message = textOfCode(PAYMENT_TEXTS, error.code) ?? networkErrorCode(error.status);
  return { toast: { title, message }, fieldErrors: {} };
}

export const customerErrors = {
  customerLoad: describeCustomerLoad,
  customerUpdate: describeCustomerUpdate,
  customerDeactivate: () => only(key('customers.deactivateFailed')),
  customerDelete: describeCustomerDelete,
  accountDeactivate: () => only(key('account.deactivationError')),
  invoiceSettings: describeInvoiceSettings,
  payment: describePayment,
  sandboxCheckout: (error) => (error.status === 404 ? silent('paymentClosed') : describeDefault(error)),
} satisfies Record<string, ErrorHandler>;
