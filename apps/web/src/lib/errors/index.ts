import { ApiError } from '../api-client';
import { appointmentErrors } from './appointments';
import { authErrors, tokenUnusable } from './auth';
import { commonErrors } from './common';
import { customerErrors } from './customers';
import { invoiceErrors } from './invoices';
import { type ErrorHandler, type ErrorOutcome, key, only } from './outcome';
import { passkeyErrors } from './passkeys';
import { patientErrors } from './patients';
import { userErrors } from './users';

/**
 * The one place where failed API calls become the spec's messages. Each feature registers its contexts here; they
 * decide by the stable error `code`, the message keys in `validationMessages` and the status, never by the server's
 * `type` or `detail` sentences. Pure on purpose: screens show the toast via `handleApiError` and act on the outcome.
 */
const HANDLERS = {
  ...commonErrors,
  ...authErrors,
  ...passkeyErrors,
  ...userErrors,
  ...patientErrors,
  ...customerErrors,
  ...appointmentErrors,
  ...invoiceErrors,
} satisfies Record<string, ErrorHandler>;

/** Where on screen a call failed; picks the feature's wording. */
export type ErrorContext = keyof typeof HANDLERS;

/** Maps any thrown value of an API call to what the user sees. */
export function describeApiError(context: ErrorContext, error: unknown): ErrorOutcome {
  if (error instanceof ApiError) return HANDLERS[context](error);
  if (context === 'tokenSearch') return tokenUnusable();
  // Not an HTTP failure (e.g. an unexpected response shape): say what the spec says for server errors.
  return only(key('common.serverError'), { isUnexpected: true });
}

export { CUSTOMER_DELETE_TOAST_MS } from './customers';
export type { ErrorEffect, ErrorOutcome, ErrorToast, MessageText } from './outcome';
export { toFieldErrors } from './outcome';
export { AVATAR_MAX_SIZE_TEXT } from './users';
