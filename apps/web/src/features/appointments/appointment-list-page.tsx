import { ActionIcon, Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { can, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@praxia/shared';
import {
  IconCalendarWeek,
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconPlus,
  IconTable,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LabelledPagination } from '../common/list-pager';
import { PageTitle } from '../common/page-title';
import { ExclusionsDialog } from '../invoices/exclusions-dialog';
import { ListFilter } from '../user-list/list-filter';
import { AppointmentDialog } from './appointment-dialog';
import { AppointmentTable } from './appointment-table';
import { DeleteDialogs } from './delete-dialogs';
import { InvoiceMenu } from './invoice-menu';
import { useAppointmentList } from './use-appointment-list';
import { WeekView } from './week-view';

/** The calendar (/appointment/list, spec appointments §2.2): week view or table, the header actions, the dialogs. */
export function AppointmentListPage() {
  const { t } = useTranslation();
  const {
    user,
    roles,
    therapistId,
    therapistName,
    isTherapistPending,
    isNarrow,
    week,
    isTable,
    setTable,
    clientName,
    page,
    setPage,
    limit,
    setLimit,
    dialog,
    setDialog,
    copy,
    setCopy,
    selection,
    setSelection,
    rowAction,
    setRowAction,
    actions,
    applyFilter,
    list,
    appointments,
    bulk,
    mayInvoice,
    invoiceSettings,
    invoicing,
    makeAllBillable,
    invoiceAll,
    startSelection,
    confirmSelection,
    toggleSelected,
    onSlot,
    onAppointment,
    onRowAction,
    shownDays,
    shownIndexes,
    therapistNames,
    pages,
    from,
    to,
  } = useAppointmentList();

  return (
    <Paper p={{ base: 'sm', xs: 'xl' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="center">
          <PageTitle>{t('calendar.title')}</PageTitle>
          <Tooltip label={t(isTable ? 'calendar.showWeek' : 'calendar.showTable')} withinPortal={false}>
            <ActionIcon
              variant="light"
              radius="xl"
              size="lg"
              mb="md"
              onClick={() => {
                // Copying and selecting happen in the week view: the table ends them.
                setCopy(null);
                setSelection(null);
                setTable((value) => !value);
              }}
              aria-label={t(isTable ? 'calendar.showWeek' : 'calendar.showTable')}
              data-testid="view-toggle"
            >
              {isTable ? <IconCalendarWeek size={20} aria-hidden /> : <IconTable size={20} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="xs">
          {can(roles, 'appointment', 'create') && (
            <Button
              variant={copy ? 'filled' : 'default'}
              leftSection={<IconCopy size={18} aria-hidden />}
              onClick={() => {
                setSelection(null);
                setTable(false);
                setCopy((current) => (current ? null : { sourceId: null }));
              }}
              data-testid="copy-toggle"
            >
              {copy ? t('calendar.cancelCopy') : t('calendar.copy')}
            </Button>
          )}
          {can(roles, 'appointment', 'create') && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setDialog({ kind: 'create', start: null })}
              disabled={therapistId === null}
              data-testid="appointment-create"
            >
              {t('calendar.create')}
            </Button>
          )}
          {can(roles, 'appointmentBillable', 'edit') && (
            <InvoiceMenu
              mayInvoice={mayInvoice}
              isDisabled={therapistId === null}
              onAllBillable={makeAllBillable}
              onInvoiceAll={invoiceAll}
              onSelect={startSelection}
            />
          )}
        </Group>
      </Group>

      <Stack gap="sm">
        {copy && (
          <Alert color="petrol" variant="light" data-testid="copy-hint">
            {copy.sourceId ? t('calendar.copyActive') : t('calendar.copyHint')}
          </Alert>
        )}
        {selection && (
          <Alert color="petrol" variant="light" data-testid="selection-bar">
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {t(selection.mode === 'invoice' ? 'invoiceList.selectionHint' : 'calendar.selectionHint')}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setSelection(null)}>
                  {t('calendar.selectionCancel')}
                </Button>
                <Button
                  size="xs"
                  loading={bulk.isPending || invoicing.isPending}
                  onClick={confirmSelection}
                  data-testid="selection-confirm"
                >
                  {t(selection.mode === 'invoice' ? 'invoiceList.selectionConfirm' : 'calendar.selectionConfirm')}
                </Button>
              </Group>
            </Group>
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => (isNarrow && !isTable ? week.stepDay(-1) : week.stepWeek(-1))}
              aria-label={t(isNarrow && !isTable ? 'calendar.previousDay' : 'calendar.previousWeek')}
              data-testid="previous"
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Button variant="default" onClick={week.today} data-testid="today">
              {t('calendar.today')}
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => (isNarrow && !isTable ? week.stepDay(1) : week.stepWeek(1))}
              aria-label={t(isNarrow && !isTable ? 'calendar.nextDay' : 'calendar.nextWeek')}
              data-testid="next"
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Text size="sm" fw={500} data-testid="week-label">
            {t('calendar.weekLabel', { from, to })}
          </Text>
        </Group>

        {isTable && <ListFilter hint={t('calendar.filterHint')} onApply={applyFilter} />}

        {list.isPending || isTherapistPending ? (
          <Skeleton h={isTable ? 160 : 480} aria-hidden />
        ) : list.isError ? (
          <Alert color="red" title={t('calendar.loadFailed')}>
            <Button variant="light" size="xs" onClick={() => void list.refetch()}>
              {t('calendar.retry')}
            </Button>
          </Alert>
        ) : isTable ? (
          appointments.length === 0 ? (
            <Text py="lg" ta="center" fw={600} data-testid="appointment-table-empty">
              {clientName ? t('calendar.emptyFilter') : t('calendar.empty')}
            </Text>
          ) : (
            <AppointmentTable
              rows={appointments}
              roles={roles}
              therapistNames={therapistNames}
              onAction={onRowAction}
            />
          )
        ) : (
          <WeekView
            days={shownDays}
            weekdayIndexes={shownIndexes}
            appointments={appointments}
            selection={
              selection
                ? {
                    mode: selection.mode,
                    // Unknown until loaded: then only billable ones, which qualify either way.
                    hasBillingApproval: invoiceSettings.data?.billingApproval ?? true,
                    selected: selection.ids,
                    onToggle: toggleSelected,
                  }
                : null
            }
            isPasting={Boolean(copy?.sourceId)}
            copySourceId={copy?.sourceId ?? null}
            onSlot={onSlot}
            onAppointment={onAppointment}
            onBeyond={isNarrow ? week.stepDay : undefined}
          />
        )}

        {isTable && (list.data?.maxItems ?? 0) > 0 && (
          <Group justify="space-between" gap="sm">
            <Group gap="xs" align="center">
              <Select
                label={t('calendar.pageSize')}
                data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
                value={String(limit)}
                onChange={(value) => {
                  setLimit(Number(value ?? DEFAULT_PAGE_SIZE));
                  setPage(1);
                }}
                allowDeselect={false}
                size="xs"
                w={110}
              />
              <Text size="sm" c="dimmed" mt={22}>
                {t('calendar.total', { count: list.data?.maxItems ?? 0 })}
              </Text>
            </Group>
            <LabelledPagination page={page} pages={pages} onPageChange={setPage} />
          </Group>
        )}
      </Stack>

      <AppointmentDialog
        target={dialog}
        therapistId={therapistId}
        therapistName={therapistNames.get(therapistId ?? 0) ?? therapistName ?? ''}
        roles={roles}
        customers={user?.customers ?? []}
        defaultCustomerId={user?.customerId ?? null}
        onClose={() => setDialog(null)}
      />
      <ExclusionsDialog
        warning={invoicing.warning}
        loading={invoicing.isPending}
        onConfirm={invoicing.confirm}
        onClose={invoicing.dismiss}
      />
      {rowAction && (
        <DeleteDialogs
          appointment={rowAction.appointment}
          action={rowAction.action}
          isBusy={actions.reject.isPending || actions.remove.isPending}
          onClose={() => setRowAction(null)}
          onReject={() => actions.reject.mutate(rowAction.appointment)}
          onDelete={(deleteSeries) => actions.remove.mutate({ appointment: rowAction.appointment, deleteSeries })}
        />
      )}
    </Paper>
  );
}
