import { PIN_LENGTH } from '@praxia/shared/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitPin } from '../api';
import { isPinShaped, toPinDigits } from './credentials-check';
import { describeFailure } from './failure';
import { CodeField } from './fields';
import { SignInDialog, SignInDialogActions } from './sign-in-dialog';

type PinDialogProps = {
  loginToken: string;
  /** The code was accepted: the session exists now. */
  onAccepted: () => Promise<void>;
  /** Cancelled, or the login token is spent: `message` says why a new sign-in is needed. */
  onClose: (message?: string) => void;
};

/** The second sign-in step: the 6-digit code sent by e-mail (spec foundations §4 Login). */
export function PinDialog({ loginToken, onAccepted, onClose }: PinDialogProps) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

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
    <SignInDialog title={t('login.pinTitle')} text={t('login.pinText')} onClose={() => onClose()}>
      <form onSubmit={onSubmit} noValidate className="sign-in-stack">
        <CodeField
          label={t('login.pinLabel')}
          value={pin}
          onChange={(value) => {
            setPin(toPinDigits(value));
            setError(null);
          }}
          error={error ?? undefined}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={PIN_LENGTH}
        />
        <SignInDialogActions submitLabel={t('login.pinSubmit')} isPending={isPending} onCancel={() => onClose()} />
      </form>
    </SignInDialog>
  );
}
