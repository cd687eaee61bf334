import { ActionIcon, Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Appointment, can, DEFAULT_PAGE_SIZE, ErrorCode, formatPracticeDate, PAGE_SIZES } from '@praxia/shared';
import {
  IconCalendarWeek,
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconPlus,
  IconTable,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { LabelledPagination } from '../common/list-pager';
import { PageTitle } from '../common/page-title';
import { customerKeys, getInvoiceSettings } from '../customers/api';
import { ExclusionsDialog } from '../invoices/exclusions-dialog';
import { useInvoiceCreation } from '../invoices/use-invoice-creation';
import { ListFilter } from '../user-list/list-filter';
import { type AppointmentListParams, appointmentKeys, listAppointments, markAppointmentsBillable } from './api';
import { AppointmentDialog } from './appointment-dialog';
import { AppointmentTable, type RowAction } from './appointment-table';
import { DeleteDialogs } from './delete-dialogs';
import { InvoiceMenu } from './invoice-menu';
import { useAppointmentActions } from './use-appointment-actions';
import type { DialogTarget } from './use-appointment-dialog';
import { useCalendarTherapist } from './use-calendar-therapist';
import { useCalendarWeek } from './use-calendar-week';
import type { SelectionMode } from './week-cells';
import { WeekView } from './week-view';

/** Spec §7: the week view asks for up to 500 appointments of the week. */
const WEEK_LIMIT = 500;
const warn = (key: string) => notifyError({ key, ns: 'validation' }, undefined, undefined, { tone: 'warning' });

type CopyState = { sourceId: number | null } | null;
/** The invoice menu's selection modes: tick appointments to make them billable or to invoice them. */
type Selection = { mode: SelectionMode; ids: ReadonlySet<number> } | null;

/** The calendar (/appointment/list, spec appointments §2.2): week view or table, the header actions, the dialogs. */
export function AppointmentListPage() {
  const { t } = useTranslation();
  const { user, roles, therapistId, therapistName, therapists, isPending: isTherapistPending } = useCalendarTherapist();
  const isNarrow = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const week = useCalendarWeek();
  const [isTable, setTable] = useState(false);
  const [clientName, setClientName] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const [copy, setCopy] = useState<CopyState>(null);
  const [selection, setSelection] = useState<Selection>(null);
  const [rowAction, setRowAction] = useState<{ appointment: Appointment; action: 'reject' | 'delete' } | null>(null);
  const actions = useAppointmentActions(() => setRowAction(null));

  // Another therapist (an assistant's sidebar choice) is another calendar: modes and pages start afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the therapist resets the view.
  useEffect(() => {
    setSelection(null);
    setCopy(null);
    setPage(1);
  }, [therapistId]);
  const applyFilter = useCallback((text: string) => {
    setClientName(text);
    setPage(1);
  }, []);

  const params: AppointmentListParams = {
    therapistId: therapistId ?? 0,
    from: week.weekStart,
    to: week.weekEnd,
    clientName: isTable ? clientName : undefined,
    page: isTable ? page : 1,
    limit: isTable ? limit : WEEK_LIMIT,
  };
  const list = useQuery({
    queryKey: appointmentKeys.list(params),
    queryFn: () => listAppointments(params),
    enabled: therapistId !== null,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) handleApiError('appointmentList', list.error);
  }, [list.error]);
  const appointments = list.data?.list ?? [];

  const bulk = useMutation({
    mutationFn: (ids: readonly number[] | undefined) => markAppointmentsBillable(therapistId ?? 0, ids),
    onSuccess: (result) => {
      notifySuccess('calendar.madeBillable', { count: result.appointmentIds.length });
      setSelection(null);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
    onError: (error) => {
      handleApiError('appointmentBulkState', error);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });

  const mayInvoice = can(roles, 'invoice', 'create');
  // Spec §4.1: without billing approval, taken and complete appointments may be invoiced directly.
  const invoiceSettings = useQuery({
    queryKey: customerKeys.invoiceSettings(therapistId ?? 0),
    queryFn: () => getInvoiceSettings(therapistId ?? 0),
    enabled: therapistId !== null && mayInvoice,
    retry: false,
  });
  const invoicing = useInvoiceCreation((created) => {
    if (created) setSelection(null);
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
  });

  /** Spec §2.2, §8: every ready appointment of the therapist in the past (the server finds them). */
  const makeAllBillable = () => bulk.mutate(undefined);
  /** Spec §2.2: every appointment of the therapist in the past that may be invoiced (the server finds them). */
  const invoiceAll = () => {
    if (therapistId !== null) invoicing.create({ therapistIds: [therapistId] });
  };
  const startSelection = (mode: SelectionMode) => {
    setCopy(null);
    setTable(false);
    setSelection({ mode, ids: new Set() });
  };
  const confirmSelection = () => {
    if (!selection || selection.ids.size === 0) return warn(ErrorCode.appointmentsNoneSelected);
    if (selection.mode === 'invoice') return invoicing.create({ appointmentIds: [...selection.ids] });
    bulk.mutate([...selection.ids]);
  };
  const toggleSelected = (id: number) =>
    setSelection((current) => {
      if (!current) return current;
      const next = new Set(current.ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return { ...current, ids: next };
    });

  const onSlot = (start: Date) => {
    if (copy?.sourceId) return actions.copy.mutate({ appointmentId: copy.sourceId, start });
    if (copy) return;
    if (can(roles, 'appointment', 'create')) setDialog({ kind: 'create', start });
  };
  const onAppointment = (appointment: Appointment) => {
    if (copy) return setCopy({ sourceId: appointment.id });
    setDialog({ kind: 'edit', appointment });
  };
  const onRowAction = (appointment: Appointment, action: RowAction) =>
    action === 'open' ? setDialog({ kind: 'edit', appointment }) : setRowAction({ appointment, action });

  const shownDays = isNarrow ? [week.days[week.dayIndex] ?? week.weekStart] : week.days;
  const shownIndexes = isNarrow ? [week.dayIndex] : [0, 1, 2, 3, 4, 5, 6];
  const therapistNames = new Map<number, string>(
    therapists.length > 0
      ? therapists.map((entry) => [entry.id, [entry.title, entry.firstName, entry.lastName].filter(Boolean).join(' ')])
      : user
        ? [[user.id, `${user.firstName} ${user.lastName}`]]
        : [],
  );
  const pages = Math.max(1, Math.ceil((list.data?.maxItems ?? 0) / limit));
  const from = formatPracticeDate(week.weekStart);
  const to = formatPracticeDate(week.days[6] ?? week.weekStart);

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
