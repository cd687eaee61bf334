/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { messageKey } from './i18n';
import { useTexts } from './texts';

/*
 * Labelled form controls: each names its error (aria-invalid, aria-describedby) under the field. The forms set
 * noValidate, so the browser's own bubbles never stand in for the spec's messages.
 */

type TextFieldProps = {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onInput: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  autocomplete?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  maxLength?: number;
};

const describedBy = (name: string, error: string | undefined) => (error ? `${name}-error` : undefined);

export function FieldError({
  name,
  error,
  isCheckbox,
}: {
  name: string;
  error?: string | undefined;
  isCheckbox?: boolean;
}) {
  const { t } = useTexts();
  if (!error) return null;
  return (
    <p id={`${name}-error`} class="field-error">
      {t(messageKey(error, isCheckbox))}
    </p>
  );
}

export function TextField({ name, label, value, error, onInput, type = 'text', ...rest }: TextFieldProps) {
  return (
    <div class="field">
      <label for={`field-${name}`}>{label}</label>
      <input
        id={`field-${name}`}
        name={name}
        // Preact's types tell input kinds apart by one literal `type`; text, email and tel take the same attributes.
        type={type as 'text'}
        value={value}
        aria-required="true"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(name, error)}
        onInput={(event) => onInput(event.currentTarget.value)}
        autocomplete={rest.autocomplete}
        inputMode={rest.inputMode}
        maxLength={rest.maxLength}
      />
      <FieldError name={name} error={error} />
    </div>
  );
}

type SelectFieldProps = {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  autocomplete?: string;
  disabled?: boolean;
  children: ComponentChildren;
};

export function SelectField({
  name,
  label,
  value,
  error,
  onChange,
  autocomplete,
  disabled,
  children,
}: SelectFieldProps) {
  return (
    <div class="field">
      <label for={`field-${name}`}>{label}</label>
      <select
        id={`field-${name}`}
        name={name}
        value={value}
        disabled={disabled}
        aria-required="true"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(name, error)}
        autocomplete={autocomplete}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {children}
      </select>
      <FieldError name={name} error={error} />
    </div>
  );
}

type CheckboxProps = {
  name: string;
  checked: boolean;
  error?: string | undefined;
  onChange: (checked: boolean) => void;
  children: ComponentChildren;
};

export function CheckboxField({ name, checked, error, onChange, children }: CheckboxProps) {
  return (
    <div class="field">
      <label class="checkbox">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          aria-required="true"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(name, error)}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>{children}</span>
      </label>
      <FieldError name={name} error={error} isCheckbox />
    </div>
  );
}

type RadioGroupProps<Value extends string> = {
  name: string;
  legend: string;
  value: Value | '' | null;
  options: readonly { value: Value; label: string }[];
  error?: string | undefined;
  onChange: (value: Value) => void;
};

/** A fieldset of radio buttons drawn as a row of toggles; the arrow keys move between them as usual. */
export function RadioGroup<Value extends string>({
  name,
  legend,
  value,
  options,
  error,
  onChange,
}: RadioGroupProps<Value>) {
  return (
    <fieldset class="field" aria-describedby={describedBy(name, error)}>
      <legend>{legend}</legend>
      <div class="toggles">
        {options.map((option) => (
          <label key={option.value} class="toggle">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError name={name} error={error} />
    </fieldset>
  );
}

/** After a failed submit, the first marked field takes the focus, so keyboard and screen-reader users land there. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() =>
    form?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus(),
  );
}
