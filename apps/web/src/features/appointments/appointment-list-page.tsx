import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LabelledPagination } from '../common/list-pager';
import { ExclusionsDialog } from '../invoices/exclusions-dialog';
import { ListFilter } from '../user-list/list-filter';
import { AppointmentDialog } from './appointment-dialog';
import { AppointmentTable } from './appointment-table';
import { CalendarBars, CalendarHeader } from './calendar-parts';
import { DeleteDialogs } from './delete-dialogs';
import { useAppointmentList } from './use-appointment-list';
import { WeekView } from './week-view';

/** The calendar (/appointment/list, spec appointments §2.2): week view or table, the header actions, the dialogs. */
export function AppointmentListPage() {
  const { t } = useTranslation();
  const calendar = useAppointmentList();
  const {
    user,
    roles,
    therapistId,
    therapistName,
    isTherapistPending,
    isNarrow,
    week,
    isTable,
    clientName,
    page,
    setPage,
    tableRange,
    chooseTableRange,
    dialog,
    setDialog,
    copy,
    selection,
    rowAction,
    setRowAction,
    actions,
    applyFilter,
    list,
    appointments,
    invoiceSettings,
    invoicing,
    toggleSelected,
    onSlot,
    onAppointment,
    onRowAction,
    shownDays,
    shownIndexes,
    therapistNames,
    pages,
  } = calendar;

  return (
    <Paper p={{ base: 'sm', xs: 'xl' }}>
      <CalendarHeader calendar={calendar} />

      <Stack gap="sm">
        <CalendarBars calendar={calendar} />

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

        {isTable && !list.isError && (
          <Group justify="space-between" gap="sm">
            <Group gap="xs" align="center">
              <Select
                label={t('calendar.pageSize')}
                data={[
                  { value: 'week', label: t('calendar.rangeWeek') },
                  { value: 'all', label: t('calendar.rangeAll') },
                ]}
                value={tableRange}
                onChange={(value) => chooseTableRange(value === 'all' ? 'all' : 'week')}
                allowDeselect={false}
                size="xs"
                w={150}
                data-testid="table-range"
              />
              <Text size="sm" c="dimmed" mt={22} data-testid="appointment-total">
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
