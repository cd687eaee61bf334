import { type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FieldProps = {
  ref?: Ref<HTMLInputElement>;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: string;
};

/**
 * Label, input and its message, tied together for screen readers (aria-describedby). Both sign-in fields are
 * required, which goes without an asterisk.
 */
function Field({ label, error, input }: { label: string; error?: string; input: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="sign-in-field">
      <label htmlFor={id}>{label}</label>
      {input(id)}
      {error && (
        <p id={`${id}-error`} className="sign-in-error">
          {error}
        </p>
      )}
    </div>
  );
}

function inputProps(id: string, { ref, value, onChange, error, autoComplete }: FieldProps) {
  return {
    ref,
    id,
    value,
    autoComplete,
    required: true,
    onChange: (event: { currentTarget: HTMLInputElement }) => onChange(event.currentTarget.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}

export function TextField(props: FieldProps & { type?: string }) {
  return (
    <Field
      label={props.label}
      error={props.error}
      input={(id) => <input type={props.type} {...inputProps(id, props)} />}
    />
  );
}

/** The password input with a button that shows or hides what was typed. */
export function PasswordField(props: FieldProps) {
  const { t } = useTranslation();
  const [isVisible, setVisible] = useState(false);
  return (
    <Field
      label={props.label}
      error={props.error}
      input={(id) => (
        <div className="sign-in-password">
          <input type={isVisible ? 'text' : 'password'} {...inputProps(id, props)} />
          <button
            type="button"
            className="sign-in-reveal"
            onClick={() => setVisible((visible) => !visible)}
            aria-pressed={isVisible}
            aria-label={t('login.showPassword')}
            aria-controls={id}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden focusable="false">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
              <circle cx="12" cy="12" r="3" />
              {isVisible && <path d="M3 3l18 18" />}
            </svg>
          </button>
        </div>
      )}
    />
  );
}

type CodeFieldProps = FieldProps & { inputMode: 'numeric' | 'text'; maxLength: number };

/** The one field of a code step (e-mail code, authenticator code, recovery code): focused as its dialog opens. */
export function CodeField(props: CodeFieldProps) {
  return (
    <Field
      label={props.label}
      error={props.error}
      input={(id) => (
        <input
          {...inputProps(id, props)}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          // biome-ignore lint/a11y/noAutofocus: inside SignInDialog, a modal dialog that opens for this one field
          autoFocus
        />
      )}
    />
  );
}
