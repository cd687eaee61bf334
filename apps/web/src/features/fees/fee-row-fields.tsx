import { ActionIcon, Autocomplete, SegmentedControl, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_RATE_HUNDREDTHS, type FeeCatalogueItem, feeItemLabel } from '@praxia/shared';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feeCatalogueKeys, searchFeeCatalogue } from './api';

/*
 * The parts of a fee row that the patient's fee defaults and the appointment's fees share (spec people §3, §5;
 * appointments §3, §5): the GOÄ catalogue search, the coaching entry's fields and the button that removes a row.
 */

type SearchProps = {
  /** Called with the chosen catalogue item and the label the search showed for it. */
  onPick: (item: FeeCatalogueItem, label: string) => void;
  disabled?: boolean;
  testId: string;
};

/** The GOÄ search: finds catalogue items from the first character; picking one hands it over and clears the field. */
export function FeeCatalogueSearch({ onPick, disabled = false, testId }: SearchProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const catalogue = useQuery({
    queryKey: feeCatalogueKeys.search(debounced),
    queryFn: () => searchFeeCatalogue(debounced),
    enabled: debounced.length > 0 && !disabled,
  });
  const labelOf = (item: FeeCatalogueItem) => feeItemLabel(item, DEFAULT_RATE_HUNDREDTHS);
  return (
    <Autocomplete
      label={t('fees.goaeSearch')}
      value={search}
      onChange={setSearch}
      data={(catalogue.data ?? []).map(labelOf)}
      filter={({ options }) => options}
      onOptionSubmit={(label) => {
        const item = catalogue.data?.find((entry) => labelOf(entry) === label);
        if (item) onPick(item, label);
        setTimeout(() => setSearch(''), 0);
      }}
      data-testid={testId}
    />
  );
}

export type CoachingValues = { title: string; amount: string; tax: 'add' | 'notax' };

type CoachingProps = {
  value: CoachingValues;
  onChange: (change: Partial<CoachingValues>) => void;
  readOnly?: boolean;
  errors?: { title?: string | null; amount?: string | null };
  /** Marks title and amount required (the patient's fee defaults). */
  isRequired?: boolean;
  children?: ReactNode;
};

/** A coaching entry's title, amount and tax; `children` (e.g. the row's buttons) go into the same grid. */
export function CoachingFeeFields({
  value,
  onChange,
  readOnly = false,
  errors = {},
  isRequired = false,
  children,
}: CoachingProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={children ? 'xs' : undefined} style={{ flex: 1 }}>
      <TextInput
        label={t('fees.coachingTitle')}
        required={isRequired}
        value={value.title}
        readOnly={readOnly}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
        error={errors.title}
      />
      <TextInput
        label={t('fees.coachingAmount')}
        required={isRequired}
        value={value.amount}
        readOnly={readOnly}
        inputMode="decimal"
        onChange={(event) => onChange({ amount: event.currentTarget.value })}
        error={errors.amount}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('fees.coachingAmountTax')}
        </Text>
        <SegmentedControl
          size="xs"
          disabled={readOnly}
          value={value.tax}
          onChange={(tax) => onChange({ tax: tax === 'add' ? 'add' : 'notax' })}
          data={[
            { value: 'add', label: t('fees.tax.add') },
            { value: 'notax', label: t('fees.tax.notax') },
          ]}
        />
      </div>
      {children}
    </SimpleGrid>
  );
}

/** Removes one fee row; `label` names the row to screen readers. */
export function RemoveFeeButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" color="red" aria-label={t('fees.remove', { label })} onClick={onClick}>
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}
