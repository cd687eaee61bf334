import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { BankEntry } from '@praxia/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';
import { handleApiError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { assignBankEntry, invoiceKeys, listOpenInvoices } from './api';
import { BankEntryCard, bookingDay } from './bank-entry-table';

/** A waiting credit with the choice of invoice: the suggestions first, then every other open invoice. */
function WaitingEntry({ entry }: { entry: BankEntry }) {
  const { t, i18n } = useTranslation();
  const euro = (amount: number) => formatEuro(Math.round(amount * 100), i18n.language);
  const [invoiceId, setInvoiceId] = useState<string | null>(
    entry.suggestions.length === 1 ? String(entry.suggestions[0]?.invoiceId) : null,
  );
  const open = useQuery({ queryKey: invoiceKeys.openForAssigning, queryFn: listOpenInvoices });
  const suggested = new Set(entry.suggestions.map((suggestion) => suggestion.invoiceId));
  const options = [
    ...entry.suggestions.map((suggestion) => ({
      value: String(suggestion.invoiceId),
      label: `${t('bankImport.suggestion')}: ${suggestion.invoiceNumber} · ${suggestion.userName} · ${euro(suggestion.openAmount)}`,
    })),
    ...(open.data ?? [])
      .filter((invoice) => !suggested.has(invoice.id))
      .map((invoice) => ({
        value: String(invoice.id),
        label: `${invoice.invoiceNumber} · ${invoice.userName} · ${euro(invoice.amount)}`,
      })),
  ];
  const assign = useMutation({
    mutationFn: (id: number) => assignBankEntry(entry.id, id),
    onSuccess: (assigned) => {
      notifySuccess('bankImport.assigned', { number: assigned.invoiceNumber ?? '' });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
    onError: (error) => handleApiError('invoiceCall', error),
  });
  return (
    <BankEntryCard entry={entry}>
      <Group align="flex-end" gap="xs">
        <Select
          label={t('bankImport.invoice', { date: bookingDay(entry), amount: euro(entry.amount) })}
          data={options}
          value={invoiceId}
          onChange={setInvoiceId}
          searchable
          w={{ base: '100%', xs: 420 }}
          data-testid={`bank-entry-invoice-${entry.id}`}
        />
        <Button
          disabled={invoiceId === null}
          loading={assign.isPending}
          onClick={() => invoiceId && assign.mutate(Number(invoiceId))}
          data-testid={`bank-entry-assign-${entry.id}`}
        >
          {t('bankImport.assign')}
        </Button>
      </Group>
    </BankEntryCard>
  );
}

/** The credits still waiting for an invoice (from this and earlier imports). */
export function WaitingEntries({ entries, isError }: { entries: BankEntry[] | undefined; isError: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="bank-waiting">
      <Title order={2} size="h4">
        {t('bankImport.waiting')}
      </Title>
      {isError && <Alert color="red">{t('bankImport.loadFailed')}</Alert>}
      {entries?.length === 0 && <Text c="dimmed">{t('bankImport.waitingEmpty')}</Text>}
      {entries?.map((entry) => (
        <WaitingEntry key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}
