import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInDialog, SignInDialogActions } from '../sign-in/sign-in-dialog';
import { signInWithPasskey } from './ceremonies';
import { describePasskeyFailure } from './passkey-sign-in-button';

type Props = {
  loginToken: string;
  /** The passkey was accepted: the session exists now. */
  onAccepted: () => Promise<void>;
  /** Cancelled. */
  onClose: () => void;
  /** Given when the account also has an authenticator app: its code or a recovery code instead of the passkey. */
  onUseCode?: () => void;
};

/**
 * The second sign-in step for an account with a passkey: the password was right, the passkey confirms it.
 */
export function PasskeyStepDialog({ loginToken, onAccepted, onClose, onUseCode }: Props) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const confirmWithPasskey = async () => {
    if (isPending) return;
    setPending(true);
    setError(null);
    try {
      await signInWithPasskey(loginToken);
      await onAccepted();
    } catch (failure) {
      setError(describePasskeyFailure(failure, t('passkeys.notUsed'))?.message ?? t('passkeys.signInFailed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <SignInDialog title={t('passkeys.stepTitle')} text={t('passkeys.stepText')} onClose={onClose}>
      {error && (
        <p className="sign-in-error" role="alert">
          {error}
        </p>
      )}
      <SignInDialogActions
        submitLabel={t('passkeys.stepSubmit')}
        isPending={isPending}
        onCancel={onClose}
        onSubmit={() => void confirmWithPasskey()}
      />
      {onUseCode && (
        <button type="button" className="sign-in-link-button sign-in-small" onClick={onUseCode}>
          {t('twoFactor.useAppInstead')}
        </button>
      )}
    </SignInDialog>
  );
}
