import './sign-in.css';
import type { User } from '@praxia/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { translateValidationKey } from '../../../lib/i18n';
import { getCurrentUser, login } from '../api';
import { authNavigation } from '../navigation';
import { PasskeySignInButton } from '../passkeys/passkey-sign-in-button';
import { PasskeyStepDialog } from '../passkeys/passkey-step-dialog';
import { AppLink } from './app-link';
import { type CredentialsErrors, type CredentialsInput, checkCredentials } from './credentials-check';
import { describeFailure, FailureAlert, type ShownFailure } from './failure';
import { PasswordField, TextField } from './fields';
import { LanguageSwitch } from './language-switch';
import { PinDialog } from './pin-dialog';
import { SignInFrame } from './sign-in-frame';
import { TotpDialog } from './totp-dialog';

const { paths } = authNavigation;

export type SignInPageProps = {
  /** Called with the user once the credentials (and the code, when one was asked for) were accepted. */
  onSignedIn: (user: User) => void;
  /** Opens another page of the staff app (password reset, registration, help) without a page load. */
  onNavigate: (path: string) => void;
};

/**
 * Sign-in (spec foundations §2 and §4 Login): e-mail and password, then the access code when the account has a
 * second factor. Plain React and its own stylesheet, because this page is most visits' first view: the staff
 * app's component library loads after it (see main.tsx).
 */
export function SignInPage({ onSignedIn, onNavigate }: SignInPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  const formId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<CredentialsInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialsErrors>({});
  const [wasSubmitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const [isPending, setPending] = useState(false);
  const [loginToken, setLoginToken] = useState<string | null>(null);
  const [secondFactors, setSecondFactors] = useState<readonly string[]>([]);
  // With both a passkey and an app, the passkey is asked first; the app code (or a recovery code) stays a click away.
  const [secondStep, setSecondStep] = useState<'email' | 'totp' | 'passkey'>('email');

  const change = (field: keyof CredentialsInput, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first attempt each field is checked again as the user corrects it.
    if (wasSubmitted) setErrors(checkCredentials(next));
  };

  const finishSignIn = async () => {
    onSignedIn(await getCurrentUser());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    setSubmitted(true);
    const found = checkCredentials(values);
    setErrors(found);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    if (found.email || found.password) return;

    setPending(true);
    setFailure(null);
    try {
      const result = await login({ email: values.email.trim().toLowerCase(), password: values.password });
      if ('additionalCheck' in result) {
        const factors = result.secondFactors ?? ['email'];
        setSecondFactors(factors);
        setSecondStep(factors.includes('passkey') ? 'passkey' : factors.includes('totp') ? 'totp' : 'email');
        setLoginToken(result.loginToken);
      } else await finishSignIn();
    } catch (error) {
      const outcome = describeFailure('login', error);
      setFailure(outcome.shown);
      setErrors(outcome.fieldErrors);
    } finally {
      setPending(false);
    }
  };

  const closePinDialog = (message?: string) => {
    setLoginToken(null);
    if (message) setFailure({ message });
  };

  const errorText = (key: string | undefined) => key && translateValidationKey(key);

  return (
    <SignInFrame onNavigate={onNavigate}>
      <section className="sign-in-card" aria-labelledby={`${formId}-title`}>
        <h1 id={`${formId}-title`} className="sign-in-title">
          {t('login.title')}
        </h1>
        <form noValidate onSubmit={onSubmit} aria-labelledby={`${formId}-title`} className="sign-in-stack">
          <TextField
            ref={emailRef}
            label={t('login.email')}
            type="email"
            autoComplete="username"
            value={values.email}
            onChange={(value) => change('email', value)}
            error={errorText(errors.email)}
          />
          <PasswordField
            ref={passwordRef}
            label={t('login.password')}
            autoComplete="current-password"
            value={values.password}
            onChange={(value) => change('password', value)}
            error={errorText(errors.password)}
          />
          <div className="sign-in-end">
            <AppLink to={paths.resetPassword} onNavigate={onNavigate} className="sign-in-small">
              {t('login.forgotPassword')}
            </AppLink>
          </div>
          <FailureAlert failure={failure} />
          <button type="submit" className="sign-in-button sign-in-wide" aria-busy={isPending} disabled={isPending}>
            {t('login.submit')}
          </button>
          <PasskeySignInButton onSignedIn={finishSignIn} onFailure={setFailure} />
          <AppLink to={paths.register} onNavigate={onNavigate} className="sign-in-small sign-in-center">
            {t('login.register')}
          </AppLink>
        </form>
        <LanguageSwitch />
      </section>
      {loginToken &&
        (secondStep === 'passkey' ? (
          <PasskeyStepDialog
            loginToken={loginToken}
            onAccepted={finishSignIn}
            onClose={() => closePinDialog()}
            onUseCode={secondFactors.includes('totp') ? () => setSecondStep('totp') : undefined}
          />
        ) : secondStep === 'totp' ? (
          <TotpDialog loginToken={loginToken} onAccepted={finishSignIn} onClose={closePinDialog} />
        ) : (
          <PinDialog loginToken={loginToken} onAccepted={finishSignIn} onClose={closePinDialog} />
        ))}
    </SignInFrame>
  );
}
