import { useMediaQuery } from '@mantine/hooks';
import { type Appointment, can, ErrorCode, formatPracticeDate } from '@praxia/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { handleApiError, notifyError, notifySuccess } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { customerKeys, getInvoiceSettings } from '../customers/api';
import { useInvoiceCreation } from '../invoices/use-invoice-creation';
import { type AppointmentListParams, appointmentKeys, listAppointments, markAppointmentsBillable } from './api';
import type { RowAction } from './appointment-table';
import { calendarBillingActions } from './billing-actions';
import { useAppointmentActions } from './use-appointment-actions';
import type { DialogTarget } from './use-appointment-dialog';
import { useCalendarTherapist } from './use-calendar-therapist';
import { dayFromLink, useCalendarWeek } from './use-calendar-week';
import type { SelectionMode } from './week-cells';

/** Spec §7, §9: a week (week view or table) is asked for with limit 500; the table's "all" with 1000 a page. */
const WEEK_LIMIT = 500;
const ALL_LIMIT = 1000;
/** What the table shows: the week's appointments, or all of the therapist's, a thousand a page. */
export type TableRange = 'week' | 'all';
const warn = (key: string) => notifyError({ key, ns: 'validation' }, undefined, undefined, { tone: 'warning' });

type CopyState = { sourceId: number | null } | null;
/** The invoice menu's selection modes: tick appointments to make them billable or to invoice them. */
type Selection = { mode: SelectionMode; ids: ReadonlySet<number> } | null;

/**
 * The calendar's state (spec appointments §2.2): the therapist and week shown, the view and the table's filter and
 * page, copying and selecting, the open dialog, and the bulk actions (billable, invoices).
 */
export function useAppointmentList() {
  const { user, roles, therapistId, therapistName, therapists, isPending: isTherapistPending } = useCalendarTherapist();
  const isNarrow = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const [search] = useSearchParams();
  const week = useCalendarWeek(dayFromLink(search.get('day')) ?? undefined);
  const [isTable, setTable] = useState(false);
  const [clientName, setClientName] = useState('');
  const [page, setPage] = useState(1);
  const [tableRange, setTableRange] = useState<TableRange>('week');
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

  const isAll = isTable && tableRange === 'all';
  const limit = isAll ? ALL_LIMIT : WEEK_LIMIT;
  const params: AppointmentListParams = {
    therapistId: therapistId ?? 0,
    from: isAll ? undefined : week.weekStart,
    to: isAll ? undefined : week.weekEnd,
    clientName: isTable ? clientName : undefined,
    page: isTable ? page : 1,
    limit,
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

  const { mayInvoice, hasBillingMenu } = calendarBillingActions(roles);
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

  return {
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
    tableRange,
    chooseTableRange: (range: TableRange) => {
      setTableRange(range);
      setPage(1);
    },
    isAll,
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
    hasBillingMenu,
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
  };
}
