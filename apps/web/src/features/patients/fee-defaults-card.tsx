import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { ValidationKey } from '@praxia/shared';
import { useTranslation } from 'react-i18next';
import { translateValidationKey } from '../../lib/i18n';
import { FeeJustificationField } from '../fees/fee-justification-field';
import { FeeRateInput } from '../fees/fee-rate-input';
import { maxRateOf } from '../fees/fee-rates';
import { CoachingFeeFields, FeeCatalogueSearch, RemoveFeeButton } from '../fees/fee-row-fields';
import {
  type FeeRow,
  type FeeRowErrors,
  type GoaeFeeRow,
  goaeRowLabel,
  needsRowJustification,
  newCoachingRow,
  newGoaeRow,
  thresholdLabelOf,
  withRate,
} from './fee-rows';

type Props = {
  rows: FeeRow[];
  onChange: (rows: FeeRow[]) => void;
  /** Messages per row and field (message keys), from the check on saving or the server's refusal. */
  errors: FeeRowErrors;
  /** A refusal of the list as a whole. */
  listError: string | null;
  /** The factor of the patient's signed fee agreement (§2 GOÄ), in hundredths, or null. */
  agreedFactor: number | null;
};

const message = (key: string | undefined) => (key ? translateValidationKey(key) : null);

/**
 * Default fee entries (GOÄ or coaching), each editable until saved again, and the justification of a rate above its
 * item's threshold at the row it belongs to (spec people §3, §5; §12 Abs.3 GOÄ).
 */
export function FeeDefaultsCard({ rows, onChange, errors, listError, agreedFactor }: Props) {
  const { t } = useTranslation();
  const replace = (next: FeeRow) => onChange(rows.map((row) => (row.key === next.key ? next : row)));

  const goaeFields = (row: GoaeFeeRow) => {
    const own = errors[row.key] ?? {};
    return (
      <Stack gap={6} style={{ flex: 1 }}>
        <Text size="sm" fw={500} data-testid="fee-label">
          {goaeRowLabel(row)}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('fees.alternativeTitle')}
            required
            value={row.alternativeTitle}
            error={message(own.alternativeTitle)}
            onChange={(event) => replace({ ...row, alternativeTitle: event.currentTarget.value })}
            data-testid="fee-title"
          />
          <FeeRateInput
            label={t('fees.incrementalRate')}
            value={row.rate}
            maxRate={maxRateOf(row.item, agreedFactor)}
            readOnly={false}
            error={message(own.rate)}
            onChange={(rate) => replace(withRate(row, rate))}
            testId="fee-rate"
          />
        </SimpleGrid>
        {needsRowJustification(row) && (
          <FeeJustificationField
            value={row.justification}
            onChange={(justification) => replace({ ...row, justification })}
            threshold={thresholdLabelOf(row)}
            error={message(own.justification)}
            testId="fee-justification"
          />
        )}
      </Stack>
    );
  };

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
        {listError && (
          <Text size="sm" c="red" role="alert" data-testid="fee-list-error">
            {/* The server refuses ids that are no longer this patient's: the list changed since it was loaded. */}
            {listError === ValidationKey.invalidValue ? t('fees.listChanged') : message(listError)}
          </Text>
        )}
        <FeeCatalogueSearch testId="fee-search" onPick={(item) => onChange([...rows, newGoaeRow(item)])} />
        <Button variant="default" onClick={() => onChange([...rows, newCoachingRow()])}>
          {t('fees.addCoaching')}
        </Button>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('fees.empty')}
          </Text>
        )}
        {rows.map((row) => {
          const label = row.kind === 'goae' ? row.codeValue : row.coachingTitle || t('fees.coaching');
          const own = errors[row.key] ?? {};
          return (
            <Paper key={row.key} withBorder p="sm" data-testid="fee-row">
              {own.row && (
                <Text size="sm" c="red" role="alert" mb={6}>
                  {message(own.row)}
                </Text>
              )}
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                {row.kind === 'goae' ? (
                  goaeFields(row)
                ) : (
                  <CoachingFeeFields
                    value={{ title: row.coachingTitle, amount: row.coachingAmount, tax: row.coachingAmountTax }}
                    isRequired
                    errors={{ title: message(own.coachingTitle), amount: message(own.coachingAmount) }}
                    onChange={(change) =>
                      replace({
                        ...row,
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
      </Stack>
    </Paper>
  );
}
