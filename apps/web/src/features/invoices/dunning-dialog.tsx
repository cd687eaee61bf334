import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatPracticeDate, type InvoiceListItem, type OverdueNotice } from '@praxia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../lib/notify';
import { AppModal } from '../common/app-modal';
import { LabelledPagination } from '../common/list-pager';
import { TableScroll } from '../common/table-scroll';
import { invoiceKeys, NOTICE_PAGE_SIZE, searchOverdueNotices } from './api';
import { canCreateNotices, type InvoiceViewer } from './invoice-row-rules';
import { noticeLevelLabel, noticeStateLabel } from './invoice-state-label';
import { NoticeRowMenu } from './notice-row-menu';
import { useNoticeActions } from './use-notice-actions';

type Props = { invoice: InvoiceListItem; viewer: InvoiceViewer; onClose: () => void };

/** The dunning dialog (spec §2.8): the invoice's payment reminders and final notice, 10 per page. */
export function DunningDialog({ invoice, viewer, onClose }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<OverdueNotice | null>(null);
  const actions = useNoticeActions(invoice.id, () => setToDelete(null));
  const notices = useQuery({
    queryKey: invoiceKeys.notices(invoice.id, page),
    queryFn: () => searchOverdueNotices(invoice.id, page),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (notices.error) handleApiError('invoiceCall', notices.error);
  }, [notices.error]);

  const rows = notices.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((notices.data?.maxItems ?? 0) / NOTICE_PAGE_SIZE));
  const hasFinalNotice = rows.some((notice) => notice.type === 'notice');
  const mayCreate = canCreateNotices(invoice.state, viewer.roles);

  return (
    <AppModal
      title={t('dunning.title', { number: invoice.invoiceNumber })}
      onClose={onClose}
      size="xl"
      testId="dunning-dialog"
    >
      <Stack gap="md">
        {mayCreate && (
          <Group gap="xs">
            <Button
              onClick={() => actions.create.mutate('reminder')}
              loading={actions.create.isPending && actions.create.variables === 'reminder'}
              data-testid="dunning-create-reminder"
            >
              {t('dunning.createReminder')}
            </Button>
            <Button
              variant="default"
              onClick={() => actions.create.mutate('notice')}
              loading={actions.create.isPending && actions.create.variables === 'notice'}
              // One final notice per invoice (the server refuses a second one).
              disabled={hasFinalNotice}
              data-testid="dunning-create-notice"
            >
              {t('dunning.createNotice')}
            </Button>
          </Group>
        )}
        {toDelete && (
          <Alert color="red" variant="light" title={t('dunning.deleteTitle')} data-testid="dunning-delete-confirm">
            <Text size="sm" mb="sm">
              {t(toDelete.type === 'reminder' ? 'dunning.deleteReminderText' : 'dunning.deleteNoticeText')}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setToDelete(null)} disabled={actions.remove.isPending}>
                {t('common.cancel')}
              </Button>
              <Button
                size="xs"
                color="red"
                loading={actions.remove.isPending}
                onClick={() => actions.remove.mutate(toDelete)}
              >
                {t('dunning.delete')}
              </Button>
            </Group>
          </Alert>
        )}
        {notices.isPending ? (
          <Skeleton h={80} aria-hidden />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md" data-testid="dunning-empty">
            {t(mayCreate ? 'dunning.emptyCreate' : 'dunning.empty')}
          </Text>
        ) : (
          <TableScroll minWidth={560} label={t('dunning.tableLabel')} stacksWhenNarrow>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dunning.columns.createdAt')}</Table.Th>
                  <Table.Th>{t('dunning.columns.level')}</Table.Th>
                  <Table.Th>{t('dunning.columns.dueDate')}</Table.Th>
                  <Table.Th>{t('dunning.columns.state')}</Table.Th>
                  <Table.Th>{t('dunning.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((notice) => {
                  const level = noticeLevelLabel(notice);
                  const state = noticeStateLabel(notice);
                  return (
                    <Table.Tr key={notice.id} data-testid={`notice-row-${notice.id}`}>
                      <Table.Td data-label={t('dunning.columns.createdAt')}>
                        {formatPracticeDate(notice.createdAt)}
                      </Table.Td>
                      <Table.Td data-label={t('dunning.columns.level')}>{t(level.key, level.values)}</Table.Td>
                      <Table.Td data-label={t('dunning.columns.dueDate')}>
                        {formatPracticeDate(`${notice.dueDate}T12:00:00Z`)}
                      </Table.Td>
                      <Table.Td data-label={t('dunning.columns.state')}>
                        <Text size="sm" c={state.isSent ? 'blue.8' : undefined} fw={state.isSent ? 600 : undefined}>
                          {t(state.key)}
                        </Text>
                      </Table.Td>
                      <Table.Td data-label={t('dunning.columns.actions')}>
                        <NoticeRowMenu
                          notice={notice}
                          viewer={viewer}
                          onSend={() => actions.send.mutate(notice)}
                          onDelete={() => setToDelete(notice)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        <LabelledPagination page={page} pages={pages} onPageChange={setPage} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
