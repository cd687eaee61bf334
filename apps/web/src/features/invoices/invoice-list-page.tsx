import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import {
  can,
  DEFAULT_PAGE_SIZE,
  INVOICE_LIST_FILTERS,
  type InvoiceListFilter,
  type InvoiceListItem,
} from '@praxia/shared';
import { IconChartBar, IconFileImport } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEuro } from '../../lib/format';
import { handleApiError } from '../../lib/notify';
import { useCalendarTherapist } from '../appointments/use-calendar-therapist';
import { ConfirmDialog } from '../common/confirm-dialog';
import { ListFooter } from '../common/list-pager';
import { PageTitle } from '../common/page-title';
import { type InvoiceListParams, invoiceKeys, invoiceOpenHref, listInvoices } from './api';
import { DateRangeFilter } from './date-range-filter';
import { DatevExportButton } from './datev-export-button';
import { DunningDialog } from './dunning-dialog';
import { initialDayRange, toDateRangeQuery } from './invoice-date-range';
import type { InvoiceRowAction } from './invoice-row-menu';
import type { InvoiceViewer } from './invoice-row-rules';
import { type InvoiceSort, InvoiceTable } from './invoice-table';
import { invoicePaths } from './navigation';
import { useInvoiceActions } from './use-invoice-actions';

type Pending = { kind: 'delete' | 'cancel' | 'dunning'; invoice: InvoiceListItem } | null;

/** The invoice list (/invoice/list, spec §2.7). */
export function InvoiceListPage() {
  const { t, i18n } = useTranslation();
  const { user, roles, actsForTherapist, therapistId, isPending: isTherapistPending } = useCalendarTherapist();
  const [range, setRange] = useState(initialDayRange);
  const [sort, setSort] = useState<InvoiceSort>({ orderBy: 'createdAt', descending: true });
  const [page, setPage] = useState(1);
  const [stateFilter, setStateFilter] = useState<InvoiceListFilter | null>(null);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [pending, setPending] = useState<Pending>(null);
  const actions = useInvoiceActions(() => setPending(null));

  // Another therapist chosen in the sidebar is another list: it starts on its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the therapist resets the page.
  useEffect(() => setPage(1), [therapistId]);

  const params: InvoiceListParams = {
    ...toDateRangeQuery(range),
    page,
    limit,
    ...sort,
    // Assistants see the chosen therapist's invoices; the server keeps a therapist to their own.
    therapistId: actsForTherapist ? therapistId : null,
    state: stateFilter,
  };
  const list = useQuery({
    queryKey: invoiceKeys.list(params),
    queryFn: () => listInvoices(params),
    placeholderData: keepPreviousData,
    enabled: !isTherapistPending && (!actsForTherapist || therapistId !== null),
  });
  useEffect(() => {
    if (list.error) handleApiError('invoiceCall', list.error);
  }, [list.error]);

  const viewer: InvoiceViewer = {
    roles,
    // The practice's trial blocks sending for everyone working in it, not only for its owner.
    trialExpiresAt: user?.customers.find((customer) => customer.id === user.customerId)?.trialExpiresAt ?? null,
    accountCreatedAt: user?.createdAt ?? null,
  };
  const openPdf = (invoice: InvoiceListItem) => window.open(invoiceOpenHref(invoice), '_blank', 'noopener');
  const onAction = (invoice: InvoiceListItem, action: InvoiceRowAction) => {
    switch (action) {
      case 'send':
        return actions.send.mutate(invoice);
      case 'markPaid':
        return actions.changeState.mutate({ invoice, state: 'paid' });
      case 'markUnpaid':
        return actions.changeState.mutate({ invoice, state: 'created' });
      case 'cancel':
      case 'delete':
      case 'dunning':
        return setPending({ kind: action, invoice });
    }
  };

  const canImport = can(roles, 'invoice', 'edit');
  const rows = list.data?.list ?? [];
  const maxItems = list.data?.maxItems ?? 0;
  const pages = Math.max(1, Math.ceil(maxItems / (limit === 0 ? 1000 : limit)));

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Stack gap="xs" aria-hidden>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={36} />
        ))}
      </Stack>
    );
  } else if (list.isError && !list.data) {
    content = (
      <Alert color="red" title={t('invoiceList.loadFailed')}>
        <Button variant="light" size="xs" onClick={() => void list.refetch()}>
          {t('invoiceList.retry')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <Stack gap={4} py="lg" align="center" data-testid="invoice-list-empty">
        <Text fw={600}>{t('invoiceList.empty')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('invoiceList.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    content = (
      <InvoiceTable
        rows={rows}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        viewer={viewer}
        onOpen={openPdf}
        onAction={onAction}
      />
    );
  }

  const number = pending?.invoice.invoiceNumber ?? '';
  return (
    <Paper p={{ base: 'sm', xs: 'xl' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageTitle>{t('invoiceList.title')}</PageTitle>
        <Group gap="xs">
          <DatevExportButton range={range} therapistId={params.therapistId} />
          {canImport && (
            <Button
              component={Link}
              to={invoicePaths.bankImport}
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden />}
              data-testid="bank-import-link"
            >
              {t('invoiceList.toBankImport')}
            </Button>
          )}
          <Button
            component={Link}
            to={invoicePaths.invoiceEvaluation}
            variant="default"
            leftSection={<IconChartBar size={18} aria-hidden />}
            data-testid="invoice-evaluation-link"
          >
            {t('invoiceList.toEvaluation')}
          </Button>
        </Group>
      </Group>
      <Stack gap="md">
        <Group align="flex-end" gap="sm">
          <DateRangeFilter
            range={range}
            onChange={(next) => {
              setRange(next);
              setPage(1);
            }}
          />
          <Select
            label={t('invoiceList.stateFilter')}
            data={[
              { value: 'all', label: t('invoiceList.filter.all') },
              ...INVOICE_LIST_FILTERS.map((value) => ({ value, label: t(`invoiceList.filter.${value}`) })),
            ]}
            value={stateFilter ?? 'all'}
            onChange={(value) => {
              setStateFilter(value === null || value === 'all' ? null : (value as InvoiceListFilter));
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
            data-testid="invoice-state-filter"
          />
        </Group>
        {content}
        {list.data && maxItems > 0 && (
          <Text fw={600} ta="right" data-testid="invoice-list-sum">
            {t('invoiceList.sum', { amount: formatEuro(Math.round(list.data.sum * 100), i18n.language) })}
          </Text>
        )}
      </Stack>
      {maxItems > 0 && (
        <ListFooter
          limit={limit}
          onLimitChange={(next) => {
            setLimit(next);
            setPage(1);
          }}
          totalText={t('invoiceList.total', { count: maxItems })}
          page={page}
          pages={pages}
          onPageChange={setPage}
        />
      )}
      <ConfirmDialog
        opened={pending?.kind === 'delete'}
        title={t('invoiceList.deleteTitle')}
        confirmLabel={t('invoiceList.delete')}
        isDestructive
        loading={actions.remove.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && actions.remove.mutate(pending.invoice)}
      >
        <Text size="sm">{t('invoiceList.deleteText', { number })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending?.kind === 'cancel'}
        title={t('invoiceList.cancelTitle')}
        confirmLabel={t('invoiceList.cancel')}
        loading={actions.changeState.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && actions.changeState.mutate({ invoice: pending.invoice, state: 'cancelled' })}
      >
        <Text size="sm">{t('invoiceList.cancelText', { number })}</Text>
      </ConfirmDialog>
      {pending?.kind === 'dunning' && (
        <DunningDialog invoice={pending.invoice} viewer={viewer} onClose={() => setPending(null)} />
      )}
    </Paper>
  );
}
