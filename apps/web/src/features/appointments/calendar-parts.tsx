import { ActionIcon, Alert, Button, Group, Text, Tooltip } from '@mantine/core';
import { can } from '@praxia/shared';
import {
  IconCalendarWeek,
  IconChevronLeft,
  IconChevronRight,
  IconCopy,
  IconPlus,
  IconTable,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../common/page-title';
import { InvoiceMenu } from './invoice-menu';
import type { useAppointmentList } from './use-appointment-list';
import { dayTitle } from './week-view';

type Props = { calendar: ReturnType<typeof useAppointmentList> };

/** The calendar's title with the view toggle, and its actions: copy, create, the invoice menu (spec §2.2). */
export function CalendarHeader({ calendar }: Props) {
  const { t } = useTranslation();
  const {
    roles,
    therapistId,
    isTable,
    setTable,
    setDialog,
    copy,
    setCopy,
    setSelection,
    mayInvoice,
    hasBillingMenu,
    makeAllBillable,
    invoiceAll,
    startSelection,
  } = calendar;
  return (
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
        {hasBillingMenu && (
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
  );
}

/** The hints of copying and selecting, and the week's navigation with its dates (not for the table's "all"). */
export function CalendarBars({ calendar }: Props) {
  const { t } = useTranslation();
  const {
    isNarrow,
    week,
    isTable,
    isAll,
    copy,
    selection,
    setSelection,
    bulk,
    invoicing,
    confirmSelection,
    from,
    to,
    shownDays,
    shownIndexes,
  } = calendar;
  const isDayView = isNarrow && !isTable;
  const shownDay = shownDays[0] ?? week.weekStart;
  return (
    <>
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
      {/* The table's "all" spans every week: there is no week to move through. */}
      {!isAll && (
        <Group justify="space-between" gap="xs">
          <Group gap={4}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => (isDayView ? week.stepDay(-1) : week.stepWeek(-1))}
              aria-label={t(isDayView ? 'calendar.previousDay' : 'calendar.previousWeek')}
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
              onClick={() => (isDayView ? week.stepDay(1) : week.stepWeek(1))}
              aria-label={t(isDayView ? 'calendar.nextDay' : 'calendar.nextWeek')}
              data-testid="next"
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          {/* The phone shows one day: the heading names it. Stepping announces the new day or week. */}
          <Text component="h2" size="sm" fw={500} aria-live="polite" data-testid="week-label">
            {isDayView ? dayTitle(t, shownDay, shownIndexes[0] ?? 0) : t('calendar.weekLabel', { from, to })}
          </Text>
        </Group>
      )}
    </>
  );
}
