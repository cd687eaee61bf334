import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRateRefusal } from './fee-rates';

type Props = {
  /** The rate as the interface writes it ('2,3'). */
  value: string;
  /** The item's highest rate, in hundredths. */
  maxRate: number;
  readOnly: boolean;
  /** While typing (a form that saves later): the refusal shows at once. */
  onChange?: (rate: string) => void;
  /** On leaving the field (a row that saves itself): only a changed rate the item allows. */
  onCommit?: (rate: string) => void;
  label?: string;
  size?: 'xs' | 'sm';
  /** A message from elsewhere (the form's check on saving, the server's refusal), shown when the rate itself is fine. */
  error?: string | null;
  testId: string;
};

/**
 * The GOÄ rate of a fee row, the same on the patient's default fees and the appointment's: checked against the item's
 * highest rate before anything is sent (spec appointments §5, people §5).
 */
export function FeeRateInput({ value, maxRate, readOnly, onChange, onCommit, label, size, error, testId }: Props) {
  const { t } = useTranslation();
  const refuseRate = useRateRefusal();
  const [committedError, setCommittedError] = useState<string | null>(null);
  const ownError = readOnly ? null : onChange ? refuseRate(value, maxRate) : committedError;
  return (
    <TextInput
      size={size}
      label={label}
      aria-label={label ? undefined : t('fees.incrementalRate')}
      {...(onChange ? { value } : { defaultValue: value })}
      readOnly={readOnly}
      inputMode="decimal"
      required={Boolean(label)}
      error={ownError ?? error}
      onChange={onChange && ((event) => onChange(event.currentTarget.value))}
      onBlur={
        onCommit &&
        ((event) => {
          const rate = event.currentTarget.value.trim();
          if (rate === value || readOnly) return;
          const refusal = refuseRate(rate, maxRate);
          setCommittedError(refusal);
          if (!refusal) onCommit(rate);
        })
      }
      data-testid={testId}
    />
  );
}
