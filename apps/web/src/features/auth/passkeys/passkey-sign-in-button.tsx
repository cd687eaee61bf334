import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { describeFailure, type ShownFailure } from '../sign-in/failure';
import { isPasskeySupported, signInWithPasskey } from './ceremonies';

type Props = {
  /** The passkey was accepted: the session exists now. */
  onSignedIn: () => Promise<void>;
  onFailure: (failure: ShownFailure | null) => void;
};

/** What went wrong with a passkey, in the sign-in page's words: the server refused it, or the browser did not use one. */
export function describePasskeyFailure(error: unknown, notUsed: string): ShownFailure | null {
  if (error instanceof ApiError) return describeFailure('passkeySignIn', error).shown;
  return { message: notUsed };
}

/** "Mit Passkey anmelden": a sign-in with a passkey alone, no e-mail address needed (a discoverable credential). */
export function PasskeySignInButton({ onSignedIn, onFailure }: Props) {
  const { t } = useTranslation();
  const [isPending, setPending] = useState(false);
  if (!isPasskeySupported()) return null;

  const signIn = async () => {
    if (isPending) return;
    setPending(true);
    onFailure(null);
    try {
      await signInWithPasskey();
      await onSignedIn();
    } catch (error) {
      onFailure(describePasskeyFailure(error, t('passkeys.notUsed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <p className="sign-in-small sign-in-center sign-in-text">{t('passkeys.or')}</p>
      <button
        type="button"
        className="sign-in-button sign-in-button-default sign-in-wide"
        aria-busy={isPending}
        disabled={isPending}
        onClick={() => void signIn()}
      >
        {t('passkeys.signIn')}
      </button>
    </>
  );
}
