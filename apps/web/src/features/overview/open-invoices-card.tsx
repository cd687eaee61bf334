import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { formatPracticeDate, toPracticeIsoDate } from '@praxia/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { formatEuro } from '../../lib/format';
import { invoiceOpenHref } from '../invoices/api';
import { listOpenInvoices, overviewKeys } from './api';
import { OverviewCard } from './overview-card';

/** The unpaid invoices, overdue ones first, each opening its PDF; the invoice list for the rest. */
export function OpenInvoicesCard({ therapistId }: { therapistId: number | null }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: overviewKeys.openInvoices(therapistId),
    queryFn: () => listOpenInvoices(therapistId),
  });
  const today = toPracticeIsoDate(new Date());
  const invoices = query.data?.list ?? [];
  const total = query.data?.maxItems ?? 0;

  return (
    <OverviewCard title={t('overview.openInvoicesTitle')} state={query} testId="overview-open-invoices">
      <Text>{total > 0 ? t('overview.openInvoicesCount', { count: total }) : t('overview.openInvoicesNone')}</Text>
      {invoices.length > 0 && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {invoices.map((invoice) => (
            <Group key={invoice.id} component="li" gap="xs" wrap="wrap" data-testid="overview-open-invoice">
              <Anchor
                href={invoiceOpenHref(invoice)}
                target="_blank"
                rel="noopener"
                aria-label={t('overview.openInvoice', { number: invoice.invoiceNumber })}
              >
                {invoice.invoiceNumber}
              </Anchor>
              <Text style={{ overflowWrap: 'anywhere' }}>{invoice.userName}</Text>
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatEuro(Math.round(invoice.amount * 100), i18n.language)}
              </Text>
              {invoice.dueDate < today ? (
                <Badge color="red.9" variant="filled" size="sm">
                  {t('overview.overdue')}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('overview.due', { date: formatPracticeDate(`${invoice.dueDate}T12:00:00Z`) })}
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={paths.invoiceList}>
        {t('overview.allInvoices')}
      </Anchor>
    </OverviewCard>
  );
}
