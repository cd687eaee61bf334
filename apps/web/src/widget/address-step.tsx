/** @jsxImportSource preact */
import { CITY_MAX_LENGTH, POSTAL_CODE_LENGTH } from '@praxia/shared/constants';
import { PUBLIC_PAGE_PATHS } from '@praxia/shared/public-pages';
import type { Ref } from 'preact';
import { useRef } from 'preact/hooks';
import { CheckboxField, focusFirstInvalid, RadioGroup, TextField } from './fields';
import { useTexts } from './texts';
import type { AddressValues, FieldErrors } from './validation';

type AddressStepProps = {
  values: AddressValues;
  errors: FieldErrors<keyof AddressValues>;
  needsLocation: boolean;
  isSending: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onChange: (values: AddressValues) => void;
  onSubmit: () => Promise<boolean>;
  onBack: () => void;
};

/** The address step (spec §2.1): address, the place for 'both' types, privacy link, notice, acceptance; book. */
export function AddressStep(props: AddressStepProps) {
  const { t } = useTexts();
  const { values, errors } = props;
  const form = useRef<HTMLFormElement>(null);
  const set =
    <Field extends keyof AddressValues>(field: Field) =>
    (value: AddressValues[Field]) =>
      props.onChange({ ...values, [field]: value });
  const submit = async (event: Event) => {
    event.preventDefault();
    if (props.isSending) return;
    if (!(await props.onSubmit())) focusFirstInvalid(form.current);
  };
  return (
    <form ref={form} class="step" noValidate onSubmit={submit} aria-labelledby="address-title">
      <h2 id="address-title" tabIndex={-1} ref={props.headingRef}>
        {t('addressTitle')}
      </h2>
      <TextField
        name="street"
        label={t('street')}
        value={values.street}
        error={errors.street}
        autocomplete="street-address"
        onInput={set('street')}
      />
      <div class="row postal">
        <TextField
          name="postalCode"
          label={t('postalCode')}
          value={values.postalCode}
          error={errors.postalCode}
          autocomplete="postal-code"
          inputMode="numeric"
          maxLength={POSTAL_CODE_LENGTH}
          onInput={set('postalCode')}
        />
        <TextField
          name="city"
          label={t('city')}
          value={values.city}
          error={errors.city}
          autocomplete="address-level2"
          maxLength={CITY_MAX_LENGTH}
          onInput={set('city')}
        />
      </div>
      {props.needsLocation && (
        <RadioGroup<'onSite' | 'remote'>
          name="location"
          legend={t('locationLegend')}
          value={values.location}
          options={[
            { value: 'onSite', label: t('onSite') },
            { value: 'remote', label: t('remote') },
          ]}
          error={errors.location}
          onChange={set('location')}
        />
      )}
      <p class="small">
        {t('processingNotice')}{' '}
        <a href={PUBLIC_PAGE_PATHS.privacy} target="_blank" rel="noopener">
          {t('privacyLink')}
          <span class="visually-hidden"> {t('newTab')}</span>
        </a>
      </p>
      <CheckboxField
        name="termsAndConditionsAccepted"
        checked={values.termsAndConditionsAccepted}
        error={errors.termsAndConditionsAccepted}
        onChange={set('termsAndConditionsAccepted')}
      >
        {t('accept')}
      </CheckboxField>
      <div class="actions">
        <button type="button" class="secondary" onClick={props.onBack}>
          {t('back')}
        </button>
        <button type="submit" class="primary" aria-disabled={props.isSending}>
          {props.isSending ? t('sending') : t('book')}
        </button>
      </div>
    </form>
  );
}
