import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { formatPracticeDate } from '@praxia/shared';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';
import { handleApiError } from '../../lib/notify';
import { listPlanInvoices, planInvoiceHref, planInvoiceKeys } from '../payments/api';

/** Noon of a calendar date: the same day in German time whatever the browser's zone. */
const day = (isoDate: string) => formatPracticeDate(`${isoDate}T12:00:00Z`);

/** The practice's invoices for its Praxia plan (one per paid month), to download for the tax office. */
export function PlanInvoices() {
  const { t, i18n } = useTranslation();
  const invoices = useQuery({ queryKey: planInvoiceKeys.all, queryFn: listPlanInvoices });
  useEffect(() => {
    if (invoices.error) handleApiError('payment', invoices.error);
  }, [invoices.error]);
  const rows = invoices.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs" component="section" data-testid="plan-invoices">
      <Title order={2} size="h4">
        {t('upgrade.invoices')}
      </Title>
      {rows.map((invoice) => (
        <Group key={invoice.id} justify="space-between" wrap="wrap" gap="xs" data-testid="plan-invoice">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {t('upgrade.invoiceLine', { number: invoice.invoiceNumber, date: day(invoice.issueDate) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('upgrade.invoicePeriod', { start: day(invoice.periodStart), end: day(invoice.periodEnd) })}
            </Text>
          </Stack>
          <Group gap="sm">
            <Text size="sm">{formatEuro(Math.round(invoice.amount * 100), i18n.language)}</Text>
            <Anchor href={planInvoiceHref(invoice.id)} download size="sm">
              <Group gap={4} wrap="nowrap">
                <IconDownload size={16} aria-hidden />
                {t('upgrade.invoiceDownload', { number: invoice.invoiceNumber })}
              </Group>
            </Anchor>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
