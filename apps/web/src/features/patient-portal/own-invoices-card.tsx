import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { formatPracticeDate, type PatientInvoice, toPracticeIsoDate } from '@praxia/shared';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';
import { OverviewCard } from '../overview/overview-card';
import { listOwnInvoices, ownInvoiceHref, ownInvoiceKeys } from './api';

/** How the patient reads an invoice's state: open, overdue, paid, cancelled (a cancellation invoice says so). */
function stateOf(invoice: PatientInvoice, today: string): { key: string; color: string } {
  if (invoice.kind === 'cancellation') return { key: 'cancellation', color: 'gray.8' };
  if (invoice.state === 'paid') return { key: 'paid', color: 'teal.9' };
  if (invoice.state === 'cancelled') return { key: 'cancelled', color: 'gray.8' };
  return invoice.dueDate < today ? { key: 'overdue', color: 'red.9' } : { key: 'open', color: 'blue.9' };
}

/** The invoices the patient received, each with its PDF. */
export function OwnInvoicesCard() {
  const { t, i18n } = useTranslation();
  const query = useQuery({ queryKey: ownInvoiceKeys.all, queryFn: listOwnInvoices });
  const today = toPracticeIsoDate(new Date());
  const list = query.data?.list ?? [];

  return (
    <OverviewCard title={t('overview.invoicesTitle')} state={query} testId="patient-invoices">
      {list.length === 0 ? (
        <Text c="dimmed">{t('overview.invoicesEmpty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.map((invoice) => {
            const state = stateOf(invoice, today);
            return (
              <Stack key={invoice.id} component="li" gap={2} data-testid="patient-invoice">
                <Group gap="xs" wrap="wrap">
                  <Anchor
                    href={ownInvoiceHref(invoice.id)}
                    download
                    aria-label={t('overview.downloadInvoice', { number: invoice.invoiceNumber })}
                  >
                    <Group gap={4} wrap="nowrap" component="span">
                      <IconDownload size={16} aria-hidden />
                      {t('overview.invoiceNumber', { number: invoice.invoiceNumber })}
                    </Group>
                  </Anchor>
                  <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatEuro(Math.round(invoice.amount * 100), i18n.language)}
                  </Text>
                  <Badge variant="filled" size="sm" color={state.color}>
                    {t(`overview.invoiceStates.${state.key}`)}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {formatPracticeDate(invoice.createdAt)} · {invoice.therapistName}
                </Text>
              </Stack>
            );
          })}
        </Stack>
      )}
    </OverviewCard>
  );
}
