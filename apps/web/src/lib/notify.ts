import { notifications } from '@mantine/notifications';
import { describeApiError, type ErrorContext, type ErrorOutcome, type MessageText } from './errors';
import { i18n, resolveText } from './i18n';

const AUTO_CLOSE_MS = 6000;
// Mantine's close button has only an icon: without a name screen readers announce a bare "button" (axe button-name).
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

export function notifySuccess(messageKey: string, values?: Record<string, string | number>): void {
  notifications.show({
    color: 'teal',
    message: i18n.t(messageKey, values),
    autoClose: AUTO_CLOSE_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/** An error toast; `id` keeps one message from stacking up when several calls fail for the same reason. */
export function notifyError(
  message: MessageText,
  title?: MessageText,
  id?: string,
  options: { autoClose?: number; tone?: 'error' | 'info' | 'warning' } = {},
): void {
  notifications.show({
    id,
    color: { error: 'red', info: 'petrol', warning: 'orange' }[options.tone ?? 'error'],
    title: title ? resolveText(title) : undefined,
    message: resolveText(message),
    autoClose: options.autoClose ?? AUTO_CLOSE_MS,
    closeButtonProps: closeButtonProps(),
  });
}

/** Shows the spec's toast for a failed call and hands the rest of the outcome (effect, field errors) to the screen. */
export function handleApiError(context: ErrorContext, error: unknown): ErrorOutcome {
  const outcome = describeApiError(context, error);
  if (outcome.isUnexpected) console.error(`Unexpected API failure (${context})`, error);
  const { toast } = outcome;
  if (toast) notifyError(toast.message, toast.title, undefined, { autoClose: toast.autoClose, tone: toast.tone });
  return outcome;
}
