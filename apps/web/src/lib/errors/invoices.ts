import { ErrorCode } from '@praxia/shared';
import type { ApiError } from '../api-client';
import { describeGenericCall } from './common';
import {
  type CodeTexts,
  type ErrorHandler,
  type ErrorOutcome,
  goaeItemRuleText,
  key,
  networkErrorCode,
  only,
  textOfCode,
  validationText,
} from './outcome';

/**
 * Refusals of invoice and notice calls the spec words (appointments §5 'Sending invoices', §8): a missing address,
 * and a send the list offered but the server refused (a trial, or the patient record changed meanwhile).
 */
const INVOICE_REFUSALS: CodeTexts = {
  [ErrorCode.invoiceAddressMissing]: key('invoiceList.addressMissing'),
  [ErrorCode.appointmentAddressMissing]: key('invoiceList.addressMissing'),
  [ErrorCode.invoiceSendTrial]: key('invoiceList.sendBlocked.trial'),
  [ErrorCode.invoiceSendNotMobile]: key('invoiceList.sendBlocked.notMobile'),
  [ErrorCode.invoiceSendNoDigital]: key('invoiceList.sendBlocked.noDigital'),
  [ErrorCode.invoiceSendLimitExceeded]: key('invoiceList.sendBlocked.limitExceeded'),
  [ErrorCode.billingNotForDrs]: validationText(ErrorCode.billingNotForDrs),
  [ErrorCode.datevNumbersMissing]: validationText(ErrorCode.datevNumbersMissing),
  [ErrorCode.xrechnungNotBusiness]: validationText(ErrorCode.xrechnungNotBusiness),
  [ErrorCode.xrechnungDataMissing]: validationText(ErrorCode.xrechnungDataMissing),
  [ErrorCode.goaeNotForJobType]: validationText(ErrorCode.goaeNotForJobType),
  [ErrorCode.goaeNeedsJobType]: validationText(ErrorCode.goaeNeedsJobType),
  // §14 UStG and §286 BGB: refusals the list and the dunning dialog explain rather than report as failures.
  [ErrorCode.invoiceNotDeletable]: validationText(ErrorCode.invoiceNotDeletable),
  [ErrorCode.invoiceTaxNumberMissing]: validationText(ErrorCode.invoiceTaxNumberMissing),
  [ErrorCode.overdueReminderTooEarly]: validationText(ErrorCode.overdueReminderTooEarly),
  [ErrorCode.overdueNoticeTooEarly]: validationText(ErrorCode.overdueNoticeTooEarly),
  [ErrorCode.appointmentNotEnded]: validationText(ErrorCode.appointmentNotEnded),
  [ErrorCode.bankStatementInvalid]: validationText(ErrorCode.bankStatementInvalid),
  [ErrorCode.bankStatementTooLarge]: validationText(ErrorCode.bankStatementTooLarge),
  [ErrorCode.bankEntryAssigned]: validationText(ErrorCode.bankEntryAssigned),
};

/** GOÄ factor refusals of POST /invoice; their texts name the fee number from params.code. */
const FACTOR_REFUSALS: readonly string[] = [
  ErrorCode.invoiceRateAboveMaximum,
  ErrorCode.invoiceRateBelowMinimum,
  ErrorCode.invoiceJustificationMissing,
];

/** Every failed invoice or notice call: the spec's text for a known refusal, else the network error with the status. */
function describeInvoiceCall(error: ApiError): ErrorOutcome {
  // Spec §8: every failed invoice or notice call is logged, known refusals included.
  const logged = (outcome: ErrorOutcome): ErrorOutcome => ({ ...outcome, isUnexpected: error.status !== 0 });
  const refusal = textOfCode(INVOICE_REFUSALS, error.code);
  if (refusal) return logged(only(refusal));
  return logged(describeGenericCall(error));
}

/** POST /invoice: nothing to bill reads the spec's warning; a GOÄ factor refusal names the fee number to correct. */
function describeInvoiceCreate(error: ApiError): ErrorOutcome {
  if (error.code === ErrorCode.appointmentsNoneBillable || error.status === 404) {
    return { toast: { message: validationText(ErrorCode.appointmentsNoneBillable), tone: 'warning' }, fieldErrors: {} };
  }
  const itemRule = goaeItemRuleText(error);
  if (itemRule) return { toast: { message: itemRule }, fieldErrors: {} };
  if (FACTOR_REFUSALS.includes(error.code)) {
    const feeNumber = error.body?.params?.code;
    const message =
      typeof feeNumber === 'string' ? validationText(error.code, { code: feeNumber }) : networkErrorCode(422);
    return { toast: { title: key('common.networkError'), message }, fieldErrors: {}, isUnexpected: true };
  }
  return describeInvoiceCall(error);
}

export const invoiceErrors = {
  invoiceCall: describeInvoiceCall,
  invoiceCreate: describeInvoiceCreate,
} satisfies Record<string, ErrorHandler>;
