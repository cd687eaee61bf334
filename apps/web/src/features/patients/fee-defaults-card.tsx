import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { JUSTIFICATION_KEYS, type JustificationKey } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { FeeRateInput } from '../fees/fee-rate-input';
import { goaeEntryOf } from '../fees/fee-rates';
import { CoachingFeeFields, FeeCatalogueSearch, RemoveFeeButton } from '../fees/fee-row-fields';
import type { FeeRow } from './patient-form-values';

type Props = {
  rows: FeeRow[];
  onChange: (rows: FeeRow[]) => void;
  justifications: JustificationKey[];
  onJustificationsChange: (keys: JustificationKey[]) => void;
};

let newKey = 0;

/** Default fee entries (GOÄ or coaching) and the justification of raised rates (spec people §3, §5). */
export function FeeDefaultsCard({ rows, onChange, justifications, onJustificationsChange }: Props) {
  const { t } = useTranslation();
  const update = (key: string, change: Partial<FeeRow>) =>
    onChange(rows.map((row) => (row.key === key ? ({ ...row, ...change } as FeeRow) : row)));

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {t('fees.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('fees.hint')}
          </Text>
        </div>
        <FeeCatalogueSearch
          testId="fee-search"
          onPick={(item, label) =>
            onChange([...rows, { key: `new${++newKey}`, kind: 'goae', label, ...goaeEntryOf(item) }])
          }
        />
        <Button
          variant="default"
          onClick={() =>
            onChange([
              ...rows,
              {
                key: `new${++newKey}`,
                kind: 'coaching',
                coachingTitle: '',
                coachingAmount: '',
                coachingAmountTax: 'notax',
              },
            ])
          }
        >
          {t('fees.addCoaching')}
        </Button>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('fees.empty')}
          </Text>
        )}
        {rows.map((row) => {
          const isStored = row.id !== undefined;
          const label = row.kind === 'goae' ? row.codeValue : row.coachingTitle || t('fees.coaching');
          return (
            <Paper key={row.key} withBorder p="sm" data-testid="fee-row">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                {row.kind === 'goae' ? (
                  <Stack gap={6} style={{ flex: 1 }}>
                    <Text size="sm" fw={500}>
                      {row.label}
                    </Text>
                    <SimpleGrid cols={{ base: 1, xs: 2 }}>
                      <TextInput
                        label={t('fees.alternativeTitle')}
                        required
                        value={row.alternativeTitle}
                        readOnly={isStored}
                        onChange={(event) => update(row.key, { alternativeTitle: event.currentTarget.value })}
                      />
                      <FeeRateInput
                        label={t('fees.incrementalRate')}
                        value={row.rate}
                        maxRate={row.maxRate}
                        readOnly={isStored}
                        onChange={(rate) => update(row.key, { rate })}
                        testId="fee-rate"
                      />
                    </SimpleGrid>
                  </Stack>
                ) : (
                  <CoachingFeeFields
                    value={{ title: row.coachingTitle, amount: row.coachingAmount, tax: row.coachingAmountTax }}
                    readOnly={isStored}
                    isTitleRequired
                    onChange={(change) =>
                      update(row.key, {
                        ...(change.title !== undefined && { coachingTitle: change.title }),
                        ...(change.amount !== undefined && { coachingAmount: change.amount }),
                        ...(change.tax !== undefined && { coachingAmountTax: change.tax }),
                      })
                    }
                  />
                )}
                <RemoveFeeButton
                  label={label}
                  onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                />
              </Group>
            </Paper>
          );
        })}
        <Checkbox.Group
          label={t('fees.justifications')}
          value={justifications}
          onChange={(keys) => onJustificationsChange(keys as JustificationKey[])}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt={6} spacing={6}>
            {JUSTIFICATION_KEYS.map((key) => (
              <Checkbox
                key={key}
                value={key}
                label={t(`fees.justification.${key}`)}
                data-testid={`justification-${key}`}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </Stack>
    </Paper>
  );
}
