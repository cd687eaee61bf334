import { Box, Checkbox, Text, UnstyledButton } from '@mantine/core';
import { type Appointment, atPracticeMinutes, formatPracticeDate, isSamePracticeDay } from '@praxia/shared';
import { IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppointmentCellContent, appointmentLabel } from './appointment-cell';
import {
  appointmentsOfDay,
  type DayItem,
  dayItems,
  type FocusPosition,
  isSelectable,
  moveFocus,
  type SelectionMode,
} from './week-cells';
import { hourRange, PX_PER_MINUTE, placeAppointment, ROW_MINUTES } from './week-grid';
import classes from './week-view.module.css';

export type WeekSelection = {
  mode: SelectionMode;
  hasBillingApproval: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
};

type Props = {
  /** The practice midnights of the days shown (seven, or one on a narrow screen). */
  days: Date[];
  /** Index in the week (0 = Monday) of each shown day, for the weekday names. */
  weekdayIndexes: number[];
  appointments: Appointment[];
  selection: WeekSelection | null;
  isPasting: boolean;
  copySourceId: number | null;
  onSlot: (start: Date) => void;
  onAppointment: (appointment: Appointment) => void;
  /** Left or right beyond the shown days (a narrow screen steps a day). */
  onBeyond?: (step: -1 | 1) => void;
  now?: Date;
};

/** A day by its full name, 'Freitag, 27.11.2026': a day column's name and the phone calendar's heading. */
export const dayTitle = (t: TFunction, day: Date, weekdayIndex: number) =>
  t('calendar.dayColumn', { weekday: t(`calendar.weekdays.${weekdayIndex}`), date: formatPracticeDate(day) });

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const keyOf = (position: FocusPosition) => `${position.day}:${position.index}`;

/**
 * The week view (spec appointments §2.2): a column per day, hours 7 to 22 widened to fit, 15-minute rows, 7 px per
 * 5 minutes. Every free 15 minutes is a button that creates (or pastes) an appointment there, every appointment one
 * that opens it. One of them is in the tab order; the arrows move between them (left and right between days).
 */
export function WeekView({
  days,
  weekdayIndexes,
  appointments,
  selection,
  isPasting,
  copySourceId,
  onSlot,
  onAppointment,
  onBeyond,
  now = new Date(),
}: Props) {
  const { t } = useTranslation();
  const { firstHour, lastHour } = hourRange(appointments);
  const height = (lastHour - firstHour) * 60 * PX_PER_MINUTE;
  const byDay = useMemo(() => days.map((day) => appointmentsOfDay(appointments, day)), [days, appointments]);
  const items = useMemo(() => byDay.map((list) => dayItems(list, firstHour, lastHour)), [byDay, firstHour, lastHour]);
  const [focus, setFocus] = useState<FocusPosition>({ day: 0, index: 0 });
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const shouldFocus = useRef(false);

  // Keep the roving position on an existing item when the week or the appointments change.
  const current = items[focus.day]?.[focus.index] ? focus : initialFocus(items);
  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    refs.current.get(keyOf(current))?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = moveFocus(items, current, event.key);
    if (next) {
      event.preventDefault();
      shouldFocus.current = true;
      setFocus(next);
    } else if (onBeyond && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      onBeyond(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };

  const register = (position: FocusPosition) => (element: HTMLButtonElement | null) => {
    if (element) refs.current.set(keyOf(position), element);
    else refs.current.delete(keyOf(position));
  };
  const tabIndexOf = (position: FocusPosition) => (keyOf(position) === keyOf(current) ? 0 : -1);

  return (
    <Box
      className={`${classes.grid} ${isPasting ? classes.isPasting : ''}`}
      style={{ gridTemplateColumns: `44px repeat(${days.length}, minmax(0, 1fr))` }}
      onKeyDown={onKeyDown}
      data-testid="week-view"
    >
      <div className={classes.dayHeader} aria-hidden />
      {days.map((day, column) => (
        <div
          key={day.toISOString()}
          className={`${classes.dayHeader} ${isSamePracticeDay(day, now) ? classes.isToday : ''}`}
          data-testid={`day-header-${column}`}
        >
          {t(`calendar.weekdaysShort.${weekdayIndexes[column]}`)} {formatPracticeDate(day).slice(0, 6)}
        </div>
      ))}
      <div className={classes.hours} style={{ height }} aria-hidden>
        {Array.from({ length: lastHour - firstHour }, (_, offset) => firstHour + offset).map((hour) => (
          <span key={hour} className={classes.hourLabel} style={{ top: (hour - firstHour) * 60 * PX_PER_MINUTE }}>
            {clock(hour * 60)}
          </span>
        ))}
      </div>
      {days.map((day, column) => (
        <fieldset
          key={day.toISOString()}
          className={classes.day}
          style={{ height }}
          aria-label={dayTitle(t, day, weekdayIndexes[column] ?? 0)}
          data-testid={`day-${column}`}
        >
          {(items[column] ?? []).map((item, index) => {
            const position = { day: column, index };
            if (item.kind === 'slot') {
              return (
                <SlotButton
                  key={`slot-${item.minutes}`}
                  item={item}
                  firstHour={firstHour}
                  isPasting={isPasting}
                  tabIndex={tabIndexOf(position)}
                  buttonRef={register(position)}
                  onFocus={() => setFocus(position)}
                  onClick={() => onSlot(atPracticeMinutes(day, item.minutes))}
                />
              );
            }
            const appointment = byDay[column]?.find((entry) => entry.id === item.id);
            if (!appointment) return null;
            const place = placeAppointment(appointment, firstHour);
            const isEligible = selection
              ? isSelectable(appointment, selection.mode, selection.hasBillingApproval)
              : false;
            const label = appointmentLabel(appointment, t);
            return (
              <div
                key={`appointment-${appointment.id}`}
                className={`${classes.cell} ${classes[appointment.state] ?? ''} ${
                  copySourceId === appointment.id ? classes.isCopySource : ''
                }`}
                style={{ top: place.top, height: place.height }}
              >
                <UnstyledButton
                  className={classes.cellButton}
                  ref={register(position)}
                  tabIndex={tabIndexOf(position)}
                  onFocus={() => setFocus(position)}
                  onClick={() =>
                    selection ? isEligible && selection.onToggle(appointment.id) : onAppointment(appointment)
                  }
                  aria-pressed={selection && isEligible ? selection.selected.has(appointment.id) : undefined}
                  data-testid={`appointment-${appointment.id}`}
                  data-state={appointment.state}
                >
                  <AppointmentCellContent appointment={appointment} />
                </UnstyledButton>
                {selection && isEligible && (
                  <Checkbox
                    className={classes.check}
                    size="xs"
                    tabIndex={-1}
                    checked={selection.selected.has(appointment.id)}
                    onChange={() => selection.onToggle(appointment.id)}
                    aria-label={t('calendar.selectAppointment', { label })}
                    data-testid={`select-${appointment.id}`}
                  />
                )}
              </div>
            );
          })}
        </fieldset>
      ))}
    </Box>
  );
}

function initialFocus(items: DayItem[][]): FocusPosition {
  const index = items[0]?.findIndex((item) => item.minutes >= 8 * 60) ?? 0;
  return { day: 0, index: Math.max(0, index) };
}

type SlotProps = {
  item: Extract<DayItem, { kind: 'slot' }>;
  firstHour: number;
  isPasting: boolean;
  tabIndex: number;
  buttonRef: (element: HTMLButtonElement | null) => void;
  onFocus: () => void;
  onClick: () => void;
};

function SlotButton({ item, firstHour, isPasting, tabIndex, buttonRef, onFocus, onClick }: SlotProps) {
  const { t } = useTranslation();
  const time = clock(item.minutes);
  return (
    <UnstyledButton
      className={classes.slot}
      style={{ top: (item.minutes - firstHour * 60) * PX_PER_MINUTE, height: ROW_MINUTES * PX_PER_MINUTE }}
      ref={buttonRef}
      tabIndex={tabIndex}
      onFocus={onFocus}
      onClick={onClick}
      aria-label={t(isPasting ? 'calendar.pasteSlot' : 'calendar.emptySlot', { time })}
      data-testid={`slot-${time}`}
    >
      <IconPlus size={14} aria-hidden />
      <Text span size="xs" ml={2}>
        {time}
      </Text>
    </UnstyledButton>
  );
}
