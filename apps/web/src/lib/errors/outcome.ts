import { ErrorCode } from '@praxia/shared';
import type { ApiError } from '../api-client';

/** A text to show: a catalogue key, optionally in the flat 'validation' namespace where error codes have their texts. */
export type MessageText = { key: string; values?: Record<string, string | number>; ns?: 'validation' };

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

/** How one screen context turns a failed call into an outcome. */
export type ErrorHandler = (error: ApiError) => ErrorOutcome;

/** A feature's texts for the error codes it knows; a code missing here is not this feature's to word. */
export type CodeTexts = Partial<Record<ErrorCode, MessageText>>;

/** The text of exactly this code (never by a prefix or suffix of it), or undefined. */
export const textOfCode = (texts: CodeTexts, code: string): MessageText | undefined =>
  Object.hasOwn(texts, code) ? texts[code as ErrorCode] : undefined;

export const key = (k: string, values?: Record<string, string | number>): MessageText => ({ key: k, values });
export const validationText = (k: string, values?: Record<string, string | number>): MessageText =>
  values ? { key: k, values, ns: 'validation' } : { key: k, ns: 'validation' };
/** The generic failure: 'Netzwerkfehler, Fehlercode {code}'. */
export const networkErrorCode = (status: number) => key('common.networkErrorCode', { code: status });

export const only = (message: MessageText, rest: Partial<ErrorOutcome> = {}): ErrorOutcome => ({
  toast: { message },
  fieldErrors: {},
  ...rest,
});
export const silent = (effect: ErrorEffect): ErrorOutcome => ({ toast: null, fieldErrors: {}, effect });

/** First message key per field, leaving out the catch-all 'body' entry. */
export function toFieldErrors(validationMessages: Record<string, string[]>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, keys] of Object.entries(validationMessages)) {
    const first = keys[0];
    if (field !== 'body' && first) errors[field] = first;
  }
  return errors;
}

/** The code's own texts in the validation namespace, for codes whose catalogue text carries the same key. */
export const ownTexts = (codes: readonly ErrorCode[]): CodeTexts =>
  Object.fromEntries(codes.map((code) => [code, validationText(code)]));

/**
 * The GOÄ catalogue's item rule a save or an issue broke: two numbers excluded beside each other (params code and
 * otherCode), or a number billed too often (params code and date).
 */
export function goaeItemRuleText(error: ApiError): MessageText | undefined {
  const params = error.body?.params;
  const text = (name: string) => (typeof params?.[name] === 'string' ? (params[name] as string) : '');
  if (error.code === ErrorCode.goaeItemExclusion) {
    return validationText(error.code, { code: text('code'), otherCode: text('otherCode') });
  }
  if (error.code === ErrorCode.goaeItemLimit)
    return validationText(error.code, { code: text('code'), date: text('date') });
  return undefined;
}
