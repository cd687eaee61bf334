/** @jsxImportSource preact */
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH, SALUTATIONS } from '@praxia/shared/constants';
import type { Ref } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { focusFirstInvalid, SelectField, TextField } from './fields';
import { loadPhoneCheck, PHONE_COUNTRIES } from './phone';
import { useTexts } from './texts';
import type { FieldErrors, NameValues } from './validation';

type NameStepProps = {
  values: NameValues;
  errors: FieldErrors<keyof NameValues>;
  headingRef: Ref<HTMLHeadingElement>;
  onChange: (values: NameValues) => void;
  onSubmit: () => Promise<boolean>;
  onBack: () => void;
};

/** The name step (spec §2.1): salutation, names, e-mail, phone country and phone; on to the address form. */
export function NameStep({ values, errors, headingRef, onChange, onSubmit, onBack }: NameStepProps) {
  const { t, language } = useTexts();
  const form = useRef<HTMLFormElement>(null);
  // The phone rules load while the visitor types, so the check is ready by the button.
  useEffect(() => void loadPhoneCheck(), []);
  const countryNames = new Intl.DisplayNames([language], { type: 'region' });
  const set = (field: keyof NameValues) => (value: string) => onChange({ ...values, [field]: value } as NameValues);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!(await onSubmit())) focusFirstInvalid(form.current);
  };
  return (
    <form ref={form} class="step" noValidate onSubmit={submit} aria-labelledby="name-title">
      <h2 id="name-title" tabIndex={-1} ref={headingRef}>
        {t('nameTitle')}
      </h2>
      <SelectField
        name="salutation"
        label={t('salutation')}
        value={values.salutation}
        error={errors.salutation}
        autocomplete="honorific-prefix"
        onChange={set('salutation')}
      >
        <option value="">{t('salutationChoose')}</option>
        {SALUTATIONS.map((salutation) => (
          <option key={salutation} value={salutation}>
            {t(salutation)}
          </option>
        ))}
      </SelectField>
      <div class="row">
        <TextField
          name="firstName"
          label={t('firstName')}
          value={values.firstName}
          error={errors.firstName}
          autocomplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          onInput={set('firstName')}
        />
        <TextField
          name="lastName"
          label={t('lastName')}
          value={values.lastName}
          error={errors.lastName}
          autocomplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          onInput={set('lastName')}
        />
      </div>
      <TextField
        name="email"
        type="email"
        label={t('email')}
        value={values.email}
        error={errors.email}
        autocomplete="email"
        inputMode="email"
        onInput={set('email')}
      />
      <div class="row phone">
        <SelectField
          name="phoneCountry"
          label={t('phoneCountry')}
          value={values.phoneCountry}
          error={errors.phoneCountry}
          autocomplete="tel-country-code"
          onChange={set('phoneCountry')}
        >
          {PHONE_COUNTRIES.map(([code, prefix]) => (
            <option key={code} value={code}>
              {`${prefix} ${countryNames.of(code) ?? code}`}
            </option>
          ))}
        </SelectField>
        <TextField
          name="phone"
          type="tel"
          label={t('phone')}
          value={values.phone}
          error={errors.phone}
          autocomplete="tel-national"
          inputMode="tel"
          maxLength={PHONE_MAX_LENGTH}
          onInput={set('phone')}
        />
      </div>
      <div class="actions">
        <button type="button" class="secondary" onClick={onBack}>
          {t('back')}
        </button>
        <button type="submit" class="primary">
          {t('toAddress')}
        </button>
      </div>
    </form>
  );
}
