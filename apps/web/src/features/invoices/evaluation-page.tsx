import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';
import { handleApiError } from '../../lib/notify';
import { useCalendarTherapist } from '../appointments/use-calendar-therapist';
import { PageTitle } from '../common/page-title';
import { TableScroll } from '../common/table-scroll';
import { getMonthlySummary, invoiceKeys } from './api';
import { BackToInvoices } from './back-to-invoices';
import { chronological, monthLabel } from './month-label';

const cents = (euros: number) => Math.round(euros * 100);

/**
 * The evaluation (/invoice/evaluation, spec §2.9): the total and the amount per month of the selected therapist,
 * as a list (the accessible reading) and a bar chart (a picture of the same numbers).
 */
export function EvaluationPage() {
  const { t, i18n } = useTranslation();
  const { actsForTherapist, therapistId, isPending: isTherapistPending } = useCalendarTherapist();
  const filter = actsForTherapist ? therapistId : null;
  const summary = useQuery({
    queryKey: invoiceKeys.summary(filter),
    queryFn: () => getMonthlySummary(filter),
    enabled: !isTherapistPending && (!actsForTherapist || therapistId !== null),
  });
  useEffect(() => {
    if (summary.error) handleApiError('invoiceCall', summary.error);
  }, [summary.error]);

  const euro = (amount: number) => formatEuro(cents(amount), i18n.language);
  const wholeEuro = (amount: number) => euro(amount).replace(/[.,]00(?=\D*$)/, '');
  const months = summary.data?.list ?? [];
  const chartData = chronological(months).map((item) => ({
    month: monthLabel(item.month, i18n.language),
    paid: item.paid,
    open: item.open,
  }));
  const amountCell = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

  return (
    <Paper p={{ base: 'sm', xs: 'xl' }}>
      <BackToInvoices testId="evaluation-back" />
      <PageTitle>{t('evaluation.title')}</PageTitle>
      {summary.isPending ? (
        <Skeleton h={240} aria-hidden />
      ) : summary.isError ? (
        <Alert color="red" title={t('evaluation.loadFailed')}>
          <Button variant="light" size="xs" onClick={() => void summary.refetch()}>
            {t('invoiceList.retry')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="lg">
          <Group gap="xs" align="baseline">
            <Text fw={600}>{t('evaluation.total')}</Text>
            <Text fz="xl" fw={700} data-testid="evaluation-total">
              {euro(summary.data.total)}
            </Text>
            <Text size="sm">
              {t('evaluation.totalPaid')} <span data-testid="evaluation-total-paid">{euro(summary.data.paid)}</span>,{' '}
              {t('evaluation.totalOpen')} <span data-testid="evaluation-total-open">{euro(summary.data.open)}</span>
            </Text>
          </Group>
          {months.length === 0 ? (
            <Text c="dimmed" data-testid="evaluation-empty">
              {t('evaluation.empty')}
            </Text>
          ) : (
            <>
              <div>
                <Title order={2} size="h4" mb="xs">
                  {t('evaluation.perMonth')}
                </Title>
                <TableScroll minWidth={400} label={t('evaluation.perMonth')}>
                  <Table maw={560} verticalSpacing={4} horizontalSpacing={6} data-testid="evaluation-months">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('evaluation.month')}</Table.Th>
                        <Table.Th style={amountCell}>{t('evaluation.invoiced')}</Table.Th>
                        <Table.Th style={amountCell}>{t('evaluation.paid')}</Table.Th>
                        <Table.Th style={amountCell}>{t('evaluation.open')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {months.map((item) => (
                        <Table.Tr key={item.month}>
                          <Table.Td>{monthLabel(item.month, i18n.language)}</Table.Td>
                          <Table.Td style={amountCell}>{euro(item.amount)}</Table.Td>
                          <Table.Td style={amountCell}>{euro(item.paid)}</Table.Td>
                          <Table.Td style={amountCell}>{euro(item.open)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </TableScroll>
              </div>
              {/* The table above carries the numbers for screen readers; the chart is their picture. */}
              <div role="img" aria-label={t('evaluation.chartLabel')} data-testid="evaluation-chart">
                <BarChart
                  h={280}
                  data={chartData}
                  dataKey="month"
                  type="stacked"
                  series={[
                    { name: 'paid', label: t('evaluation.paid'), color: 'petrol.6' },
                    { name: 'open', label: t('evaluation.open'), color: 'orange.5' },
                  ]}
                  valueFormatter={euro}
                  // Whole euros on the axis, so its labels stay on one line.
                  yAxisProps={{ width: 80, tickFormatter: (value: number) => wholeEuro(value) }}
                  tickLine="y"
                  withTooltip
                  // The chart is a picture here: no keyboard stop of its own inside the labelled image.
                  barChartProps={{ accessibilityLayer: false }}
                />
              </div>
            </>
          )}
        </Stack>
      )}
    </Paper>
  );
}
