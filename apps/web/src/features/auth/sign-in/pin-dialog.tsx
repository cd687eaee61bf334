import { PIN_LENGTH } from '@praxia/shared/constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitPin } from '../api';
import { isPinShaped, toPinDigits } from './credentials-check';
import { describeFailure } from './failure';

type PinDialogProps = {
  loginToken: string;
  /** The code was accepted: the session exists now. */
  onAccepted: () => Promise<void>;
  /** Cancelled, or the login token is spent: `message` says why a new sign-in is needed. */
  onClose: (message?: string) => void;
};

/**
 * The second sign-in step: the 6-digit code sent by e-mail (spec foundations §4 Login). A native modal dialog:
 * the browser traps focus and closes it with Escape, without a component library in the first view.
 */
export function PinDialog({ loginToken, onAccepted, onClose }: PinDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const errorId = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    if (!isPinShaped(pin)) {
      setError(t('login.pinInvalid'));
      return;
    }
    setPending(true);
    try {
      await submitPin({ pin, loginToken });
      await onAccepted();
    } catch (failure) {
      const outcome = describeFailure('pin', failure);
      if (outcome.effect === 'restartLogin') onClose(outcome.shown?.message);
      else setError(outcome.shown?.message ?? t('login.pinInvalid'));
    } finally {
      setPending(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="sign-in-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form onSubmit={onSubmit} noValidate className="sign-in-stack">
        <h2 id={titleId} className="sign-in-dialog-title">
          {t('login.pinTitle')}
        </h2>
        <p id={textId} className="sign-in-text">
          {t('login.pinText')}
        </p>
        <div className="sign-in-field">
          <label htmlFor={`${titleId}-pin`}>{t('login.pinLabel')}</label>
          <input
            id={`${titleId}-pin`}
            value={pin}
            onChange={(event) => {
              setPin(toPinDigits(event.currentTarget.value));
              setError(null);
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PIN_LENGTH}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            // The dialog opens for this one field.
            autoFocus
          />
          {error && (
            <p id={errorId} className="sign-in-error">
              {error}
            </p>
          )}
        </div>
        <div className="sign-in-actions">
          <button type="button" className="sign-in-button sign-in-button-default" onClick={() => onClose()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="sign-in-button" aria-busy={isPending} disabled={isPending}>
            {t('login.pinSubmit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
