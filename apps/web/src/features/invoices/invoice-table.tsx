import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatPracticeDate, type InvoiceListItem } from '@praxia/shared';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format';
import { TableScroll } from '../common/table-scroll';
import type { InvoiceOrder } from './api';
import { type InvoiceRowAction, InvoiceRowMenu } from './invoice-row-menu';
import type { InvoiceViewer } from './invoice-row-rules';
import { invoiceStateLabel } from './invoice-state-label';

export type InvoiceSort = { orderBy: InvoiceOrder; descending: boolean };

type Props = {
  rows: InvoiceListItem[];
  sort: InvoiceSort;
  onSort: (sort: InvoiceSort) => void;
  viewer: InvoiceViewer;
  onOpen: (invoice: InvoiceListItem) => void;
  onAction: (invoice: InvoiceListItem, action: InvoiceRowAction) => void;
};

function SortHeader({ column, sort, onSort }: { column: InvoiceOrder; sort: InvoiceSort; onSort: Props['onSort'] }) {
  const { t } = useTranslation();
  const isActive = sort.orderBy === column;
  const label = t(`invoiceList.columns.${column}`);
  return (
    <Table.Th aria-sort={isActive ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort({ orderBy: column, descending: isActive ? !sort.descending : false })}
        aria-label={t('invoiceList.sortBy', { column: label })}
        fw={600}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
        data-testid={`invoice-sort-${column}`}
      >
        {label}
        {isActive &&
          (sort.descending ? <IconChevronDown size={14} aria-hidden /> : <IconChevronUp size={14} aria-hidden />)}
      </UnstyledButton>
    </Table.Th>
  );
}

const SORTED_COLUMNS: readonly InvoiceOrder[] = [
  'invoiceNumber',
  'createdAt',
  'userName',
  'amount',
  'dueDate',
  'state',
];

/**
 * The invoice table (spec §2.7). A row opens its PDF; on a narrow screen the table scrolls inside its box, and the
 * number cell is a real link so keyboard and screen-reader users open the PDF the same way.
 */
export function InvoiceTable({ rows, sort, onSort, viewer, onOpen, onAction }: Props) {
  const { t, i18n } = useTranslation();
  const column = (key: InvoiceOrder | 'actions') => t(`invoiceList.columns.${key}`);
  return (
    <TableScroll minWidth={820} label={t('invoiceList.title')} stacksWhenNarrow>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {SORTED_COLUMNS.map((column) => (
              <SortHeader key={column} column={column} sort={sort} onSort={onSort} />
            ))}
            <Table.Th>
              <VisuallyHidden>{t('invoiceList.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((invoice) => {
            const label = invoiceStateLabel(invoice);
            // §14 UStG: a deleted invoice keeps its row so the issued number stays visible, greyed and inert.
            const isDeleted = invoice.state === 'deleted';
            return (
              <Table.Tr
                key={invoice.id}
                data-testid={`invoice-row-${invoice.id}`}
                data-deleted={isDeleted || undefined}
                onClick={isDeleted ? undefined : () => onOpen(invoice)}
                style={isDeleted ? { color: 'var(--mantine-color-dimmed)' } : { cursor: 'pointer' }}
              >
                <Table.Td data-label={column('invoiceNumber')}>
                  {isDeleted ? (
                    <Text size="sm" fw={500} td="line-through" c="dimmed">
                      {invoice.invoiceNumber}
                    </Text>
                  ) : (
                    <UnstyledButton
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(invoice);
                      }}
                      aria-label={t('invoiceList.open', { number: invoice.invoiceNumber })}
                      fz="sm"
                      fw={500}
                      td="underline"
                    >
                      {invoice.invoiceNumber}
                    </UnstyledButton>
                  )}
                  {invoice.kind === 'cancellation' && (
                    <Text size="xs" c="dimmed">
                      {t('invoiceList.cancellationDocument')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label={column('createdAt')}>{formatPracticeDate(invoice.createdAt)}</Table.Td>
                <Table.Td data-label={column('userName')}>{invoice.userName}</Table.Td>
                <Table.Td data-label={column('amount')} style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
                  {formatEuro(Math.round(invoice.amount * 100), i18n.language)}
                </Table.Td>
                <Table.Td data-label={column('dueDate')}>{formatPracticeDate(`${invoice.dueDate}T12:00:00Z`)}</Table.Td>
                <Table.Td data-label={column('state')}>
                  <Text
                    size="sm"
                    c={label.isSent ? 'blue.8' : isDeleted ? 'dimmed' : undefined}
                    fw={label.isSent ? 600 : undefined}
                    data-testid={`invoice-state-${invoice.id}`}
                  >
                    {t(label.key, label.values)}
                  </Text>
                  {invoice.state === 'paid' && invoice.paidAt && (
                    <Text size="xs" c="dimmed" data-testid={`invoice-paid-at-${invoice.id}`}>
                      {t('invoiceList.paidOn', { date: formatPracticeDate(`${invoice.paidAt}T12:00:00Z`) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label={column('actions')}>
                  {!isDeleted && (
                    <InvoiceRowMenu
                      invoice={invoice}
                      viewer={viewer}
                      onAction={(action) => onAction(invoice, action)}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
