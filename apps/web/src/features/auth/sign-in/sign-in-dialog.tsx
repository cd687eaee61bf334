import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  /** What the dialog asks for; it describes the dialog to screen readers. */
  text: string;
  /** Cancelled (also with Escape). */
  onClose: () => void;
  children: ReactNode;
};

/**
 * A second sign-in step's dialog (the e-mailed code, the passkey). A native modal dialog: the browser traps focus and
 * closes it with Escape, without a component library in the first view.
 */
export function SignInDialog({ title, text, onClose, children }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

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
      <div className="sign-in-stack">
        <h2 id={titleId} className="sign-in-dialog-title">
          {title}
        </h2>
        <p id={textId} className="sign-in-text">
          {text}
        </p>
        {children}
      </div>
    </dialog>
  );
}

type ActionsProps = {
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
  /** Without it the confirming button submits the dialog's form. */
  onSubmit?: () => void;
};

/** Cancel and the confirming button of a second sign-in step; the latter is busy while the step is checked. */
export function SignInDialogActions({ submitLabel, isPending, onCancel, onSubmit }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="sign-in-actions">
      <button type="button" className="sign-in-button sign-in-button-default" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button
        type={onSubmit ? 'button' : 'submit'}
        className="sign-in-button"
        aria-busy={isPending}
        disabled={isPending}
        onClick={onSubmit}
      >
        {submitLabel}
      </button>
    </div>
  );
}
