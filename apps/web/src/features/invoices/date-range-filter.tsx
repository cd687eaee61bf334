// The dates package and its sheet load with the invoice pages only (they are lazy), never in the first view.
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { Group, useMantineTheme } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayRange, PickedDay } from './invoice-date-range';

type Props = {
  range: DayRange;
  /** Called with both days whenever one is picked or cleared (spec §2.7: then page 1 and reload). */
  onChange: (range: DayRange) => void;
};

/** Spec §2.7: start and end date pickers, shown as DD.MM.YYYY; the start can be cleared, the end is always set. */
export function DateRangeFilter({ range, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useMantineTheme();
  // A popover calendar does not fit beside the field on a phone: below sm it opens as a modal instead.
  const isNarrow = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, { getInitialValueInEffect: false });
  const startId = useId();
  const endId = useId();
  const field = (label: string, value: PickedDay, apply: (day: PickedDay) => void, testId: string, id: string) => ({
    label,
    // Mantine's popover calendar is labelled by its target's id (`<popover id>-target`), but the field keeps an id
    // of its own for its label: tying both together gives the calendar dialog the field's name.
    id: `${id}-target`,
    popoverProps: { id },
    value,
    onChange: (day: PickedDay) => {
      if (day !== value) apply(day);
    },
    valueFormat: 'DD.MM.YYYY',
    placeholder: t('invoiceList.datePlaceholder'),
    // Here the placeholder is real text in the field's button, not an input's pseudo-element, so it must meet
    // AA contrast: the theme's dimmed gray instead of Mantine's lighter placeholder gray.
    styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } },
    leftSection: <IconCalendar size={16} aria-hidden />,
    leftSectionPointerEvents: 'none' as const,
    dropdownType: isNarrow ? ('modal' as const) : ('popover' as const),
    // The modal needs a name of its own for screen readers: the field's label.
    modalProps: { title: label },
    // The neighbouring months' days are drawn in a faint gray below AA contrast: leaving them out keeps the grid legible.
    hideOutsideDates: true,
    ariaLabels: {
      nextMonth: t('invoiceList.calendar.nextMonth'),
      previousMonth: t('invoiceList.calendar.previousMonth'),
      nextYear: t('invoiceList.calendar.nextYear'),
      previousYear: t('invoiceList.calendar.previousYear'),
      nextDecade: t('invoiceList.calendar.nextDecade'),
      previousDecade: t('invoiceList.calendar.previousDecade'),
    },
    w: 150,
    'data-testid': testId,
  });
  return (
    <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'de', firstDayOfWeek: 1 }}>
      <Group gap="sm" align="flex-start">
        <DatePickerInput
          {...field(
            t('invoiceList.dateStart'),
            range.start,
            (start) => onChange({ ...range, start }),
            'invoice-date-start',
            startId,
          )}
          clearable
          clearButtonProps={{ 'aria-label': t('invoiceList.dateClear') }}
          maxDate={range.end ?? undefined}
        />
        <DatePickerInput
          {...field(
            t('invoiceList.dateEnd'),
            range.end,
            (end) => onChange({ ...range, end }),
            'invoice-date-end',
            endId,
          )}
          minDate={range.start ?? undefined}
        />
      </Group>
    </DatesProvider>
  );
}
