import { Group, Paper, Stack, Text } from '@mantine/core';
import { type BankEntry, formatPracticeDate } from '@praxia/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';

export const bookingDay = (entry: BankEntry) => formatPracticeDate(`${entry.bookingDate}T12:00:00Z`);

/** One credit as a card (a table does not fit 360 px): day, payer, amount, reference and what became of it. */
export function BankEntryCard({ entry, children }: { entry: BankEntry; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="sm" data-testid={`bank-entry-${entry.id}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {bookingDay(entry)} · {entry.debtorName || '–'}
          </Text>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatEuro(Math.round(entry.amount * 100), i18n.language)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('bankImport.columns.reference')}: {entry.reference || '–'}
        </Text>
        <Text size="sm" fw={600} data-testid={`bank-entry-status-${entry.id}`}>
          {t(`bankImport.status.${entry.status}`, { number: entry.invoiceNumber ?? '' })}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

export function BankEntryTable({ entries, testId }: { entries: BankEntry[]; testId: string }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      {entries.map((entry) => (
        <BankEntryCard key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}
