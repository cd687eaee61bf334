import { ActionIcon, Autocomplete, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidationKey } from '../../lib/i18n';
import { patientKeys, searchDiagnosisCatalogue } from './api';
import { type DiagnosisRow, diagnosisLabel } from './patient-form-values';

type Props = {
  rows: DiagnosisRow[];
  defaultKey: string | null;
  error: string | null;
  onChange: (rows: DiagnosisRow[], defaultKey: string | null) => void;
};

let newKey = 0;

/** Diagnoses from the ICD catalogue or free text, one of them the default (spec people §3, §5). */
export function DiagnosesCard({ rows, defaultKey, error, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [freeText, setFreeText] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const catalogue = useQuery({
    queryKey: patientKeys.diagnosisSearch(debounced),
    queryFn: () => searchDiagnosisCatalogue(debounced),
    enabled: debounced.length > 0,
  });
  const options = (catalogue.data ?? []).map((item) => ({
    value: item.codeValue,
    label: `${item.codeValue} ${item.title}`,
  }));

  const add = (row: Omit<DiagnosisRow, 'key'>) => {
    const key = `new${++newKey}`;
    const next = [...rows, { ...row, key }];
    // The first diagnosis becomes the default, so a single one never blocks the save.
    onChange(next, defaultKey ?? key);
  };
  const remove = (key: string) => {
    const next = rows.filter((row) => row.key !== key);
    onChange(next, defaultKey === key ? (next[0]?.key ?? null) : defaultKey);
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('diagnoses.title')}
        </Title>
        <Autocomplete
          label={t('diagnoses.search')}
          placeholder={t('diagnoses.searchHint')}
          value={search}
          onChange={setSearch}
          data={options.map((option) => option.label)}
          filter={({ options: all }) => all}
          onOptionSubmit={(label) => {
            const item = catalogue.data?.find((entry) => `${entry.codeValue} ${entry.title}` === label);
            if (item) add({ codeValue: item.codeValue, freeText: null, title: item.title });
            setTimeout(() => setSearch(''), 0);
          }}
          data-testid="diagnosis-search"
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('diagnoses.freeText')}
            value={freeText}
            onChange={(event) => setFreeText(event.currentTarget.value)}
            style={{ flex: 1 }}
            maxLength={500}
          />
          <Button
            variant="default"
            disabled={!freeText.trim()}
            onClick={() => {
              add({ codeValue: null, freeText: freeText.trim(), title: null });
              setFreeText('');
            }}
          >
            {t('diagnoses.add')}
          </Button>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('diagnoses.empty')}
          </Text>
        ) : (
          <Radio.Group
            label={t('diagnoses.default')}
            value={defaultKey}
            onChange={(key) => onChange(rows, key)}
            error={error ? translateValidationKey(error) : undefined}
          >
            <Stack gap={6} mt={6}>
              {rows.map((row) => (
                <Group key={row.key} justify="space-between" wrap="nowrap" data-testid="diagnosis-row">
                  <Radio value={row.key} label={diagnosisLabel(row)} />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('diagnoses.remove', { label: diagnosisLabel(row) })}
                    onClick={() => remove(row.key)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Paper>
  );
}
