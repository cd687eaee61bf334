import { describeApiError, type ErrorContext, type ErrorOutcome } from '../../../lib/errors';
import { resolveText } from '../../../lib/i18n';

/** A failed call as the sign-in page shows it: in the page (there is no toast layer before the staff app loads). */
export type ShownFailure = { title?: string; message: string };

export function describeFailure(context: ErrorContext, error: unknown): { shown: ShownFailure | null } & ErrorOutcome {
  const outcome = describeApiError(context, error);
  if (outcome.isUnexpected) console.error(`Unexpected API failure (${context})`, error);
  const { toast } = outcome;
  const shown = toast ? { title: toast.title && resolveText(toast.title), message: resolveText(toast.message) } : null;
  return { ...outcome, shown };
}

export function FailureAlert({ failure }: { failure: ShownFailure | null }) {
  if (!failure) return null;
  return (
    <div className="sign-in-alert" role="alert">
      {failure.title && <strong>{failure.title}</strong>}
      <span>{failure.message}</span>
    </div>
  );
}
