/** @jsxImportSource preact */
import { NAME_MAX_LENGTH } from '@praxia/shared/constants';
import type { Ref } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { InsuranceType } from './appointment-types';
import { CheckboxField, focusFirstInvalid, TextField } from './fields';
import { useTexts } from './texts';
import { type FieldErrors, hasErrors, validateWaitingList, type WaitingListValues } from './validation';
import type { WidgetAddress } from './widget-address';
import { joinWaitingList } from './widget-api';

type WaitingListStepProps = {
  address: WidgetAddress;
  insurance: InsuranceType | null;
  typeId: number | null;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
};

const EMPTY: WaitingListValues = { firstName: '', lastName: '', email: '', consent: false };

/** Beyond the spec (issue 9): no slot fits, so the visitor leaves name and e-mail to be offered a freed one. */
export function WaitingListStep({ address, insurance, typeId, headingRef, onBack }: WaitingListStepProps) {
  const { t } = useTexts();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [state, setState] = useState<'editing' | 'sending' | 'joined' | 'failed'>('editing');

  const change = (next: WaitingListValues) => {
    setValues(next);
    if (wasSubmitted) setErrors(validateWaitingList(next));
  };
  const set =
    <Field extends keyof WaitingListValues>(field: Field) =>
    (value: WaitingListValues[Field]) =>
      change({ ...values, [field]: value });

  const submit = async (event: Event) => {
    event.preventDefault();
    if (state === 'sending') return;
    setWasSubmitted(true);
    const found = validateWaitingList(values);
    setErrors(found);
    if (hasErrors(found)) return focusFirstInvalid(form.current);
    setState('sending');
    const result = await joinWaitingList({
      therapistId: address.therapistId,
      customerId: address.customerId,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      insuranceType: insurance,
      appointmentTypeId: typeId,
      consent: true,
      language: address.language,
    });
    if (result.kind === 'done') return setState('joined');
    if (result.kind === 'invalid' && hasErrors(result.errors)) {
      setErrors(result.errors);
      setState('editing');
      return focusFirstInvalid(form.current);
    }
    setState('failed');
  };

  if (state === 'joined') {
    return (
      <section class="step" aria-labelledby="waiting-title">
        <h2 id="waiting-title" tabIndex={-1} ref={headingRef}>
          {t('waitingListTitle')}
        </h2>
        <p class="success" role="status">
          {t('joined')}
        </p>
      </section>
    );
  }
  return (
    <form ref={form} class="step" noValidate onSubmit={submit} aria-labelledby="waiting-title">
      <h2 id="waiting-title" tabIndex={-1} ref={headingRef}>
        {t('waitingListTitle')}
      </h2>
      <p class="small">{t('waitingListIntro')}</p>
      {state === 'failed' && (
        <p class="error-card" role="alert">
          {t('sendFailed')}
        </p>
      )}
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
      <CheckboxField name="consent" checked={values.consent} error={errors.consent} onChange={set('consent')}>
        {t('consent')}
      </CheckboxField>
      <div class="actions">
        <button type="button" class="secondary" onClick={onBack}>
          {t('back')}
        </button>
        <button type="submit" class="primary" aria-disabled={state === 'sending'}>
          {state === 'sending' ? t('sending') : t('join')}
        </button>
      </div>
    </form>
  );
}
