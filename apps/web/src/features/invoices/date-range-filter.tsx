import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDateTextValid } from './invoice-date-range';

type Props = {
  start: string;
  end: string;
  /** Called with both texts once the changed one is empty or a real day (spec §2.7: then page 1 and reload). */
  onChange: (range: { start: string; end: string }) => void;
};

/** One DD.MM.YYYY field: applies as soon as what is typed is a whole date (or nothing), says so when it is not. */
function DateField({
  label,
  value,
  onApply,
  testId,
}: {
  label: string;
  value: string;
  onApply: (text: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [isTouched, setTouched] = useState(false);
  const isValid = isDateTextValid(text);
  return (
    <TextInput
      label={label}
      placeholder={t('invoiceList.datePlaceholder')}
      value={text}
      inputMode="numeric"
      autoComplete="off"
      w={140}
      error={isTouched && !isValid ? t('invoiceList.dateInvalid') : undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (isDateTextValid(next) && next.trim() !== value.trim()) onApply(next.trim());
      }}
      onBlur={() => setTouched(true)}
      data-testid={testId}
    />
  );
}

/** Spec §2.7: start and end date, shown as DD.MM.YYYY. */
export function DateRangeFilter({ start, end, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-start">
      <DateField
        label={t('invoiceList.dateStart')}
        value={start}
        onApply={(text) => onChange({ start: text, end })}
        testId="invoice-date-start"
      />
      <DateField
        label={t('invoiceList.dateEnd')}
        value={end}
        onApply={(text) => onChange({ start, end: text })}
        testId="invoice-date-end"
      />
    </Group>
  );
}
