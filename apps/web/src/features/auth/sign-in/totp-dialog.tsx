import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitPin } from '../api';
import { describeFailure } from './failure';
import { CodeField } from './fields';
import { SignInDialog, SignInDialogActions } from './sign-in-dialog';

type TotpDialogProps = {
  loginToken: string;
  /** The code was accepted: the session exists now. */
  onAccepted: () => Promise<void>;
  /** Cancelled, or the login token is spent: `message` says why a new sign-in is needed. */
  onClose: (message?: string) => void;
};

const TOTP_SHAPE = /^\d{6}$/;
const RECOVERY_SHAPE = /^[a-z2-7]{4}(-?[a-z2-7]{4}){3}$/i;

/**
 * The second sign-in step with the authenticator app: its 6-digit code, or one of the recovery codes when the phone
 * is not at hand.
 */
export function TotpDialog({ loginToken, onAccepted, onClose }: TotpDialogProps) {
  const { t } = useTranslation();
  const [isRecovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    if (!(isRecovery ? RECOVERY_SHAPE : TOTP_SHAPE).test(code.trim())) {
      setError(t('twoFactor.codeInvalid'));
      return;
    }
    setPending(true);
    try {
      await submitPin({ pin: code.trim(), loginToken });
      await onAccepted();
    } catch (failure) {
      const outcome = describeFailure('pin', failure);
      if (outcome.effect === 'restartLogin') onClose(outcome.shown?.message);
      else setError(t('twoFactor.codeInvalid'));
    } finally {
      setPending(false);
    }
  };

  return (
    <SignInDialog
      title={t('twoFactor.signInTitle')}
      text={t(isRecovery ? 'twoFactor.signInRecoveryText' : 'twoFactor.signInText')}
      onClose={() => onClose()}
    >
      <form onSubmit={onSubmit} noValidate className="sign-in-stack">
        <CodeField
          key={isRecovery ? 'recovery' : 'totp'}
          label={t(isRecovery ? 'twoFactor.recoveryLabel' : 'twoFactor.codeLabel')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error ?? undefined}
          inputMode={isRecovery ? 'text' : 'numeric'}
          autoComplete={isRecovery ? 'off' : 'one-time-code'}
          maxLength={isRecovery ? 19 : 6}
        />
        <button
          type="button"
          className="sign-in-link-button sign-in-small"
          onClick={() => {
            setRecovery(!isRecovery);
            setCode('');
            setError(null);
          }}
        >
          {t(isRecovery ? 'twoFactor.useApp' : 'twoFactor.useRecovery')}
        </button>
        <SignInDialogActions submitLabel={t('login.pinSubmit')} isPending={isPending} onCancel={() => onClose()} />
      </form>
    </SignInDialog>
  );
}
