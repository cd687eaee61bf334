import {
  type Appointment,
  type AppointmentState,
  canInvoice,
  canMarkBillable,
  formatPracticeDateTime,
  isSamePracticeDay,
  practiceMinutesOfDay,
} from '@praxia/shared';
import { type HeldFacts, isHeldBooking, type OpenHint, openHint } from './held-booking';
import { ROW_MINUTES } from './week-grid';

/** What a week-view cell shows besides time and names (spec appointments §2.2). */
export type CellFacts = {
  /** 'HH:mm–HH:mm' in practice time. */
  timeRange: string;
  isFree: boolean;
  /** For taken and billable appointments: a held booking's missing patient, else what billing still needs. */
  hint: OpenHint | null;
  /** Fees and address are complete (the cell's check icon). */
  isComplete: boolean;
  isBillable: boolean;
  isBilled: boolean;
};

const clock = (instant: string) => formatPracticeDateTime(instant).slice(11);

export function cellFacts(
  appointment: Pick<Appointment, 'appointmentStart' | 'appointmentEnd'> & HeldFacts,
): CellFacts {
  const { state } = appointment;
  const hint = state === 'taken' || state === 'billable' ? openHint(appointment) : null;
  return {
    timeRange: `${clock(appointment.appointmentStart)}–${clock(appointment.appointmentEnd)}`,
    isFree: state === 'available',
    hint,
    isComplete: hint === 'ready',
    isBillable: state === 'billable',
    isBilled: state === 'billed',
  };
}

/** The selection modes of the invoice menu (spec §2.2, §4.1). */
export type SelectionMode = 'billable' | 'invoice';

/**
 * Whether a cell gets a checkbox in a selection mode (spec §4.1): to make billable, a taken appointment with complete
 * fees and address; to invoice, a billable and complete one — or a taken complete one when the therapist skips billing approval.
 */
export function isSelectable(appointment: HeldFacts, mode: SelectionMode, hasBillingApproval: boolean): boolean {
  // A held booking is billed once its patient is named (the server refuses it too).
  if (isHeldBooking(appointment)) return false;
  if (mode === 'billable') return canMarkBillable(appointment.state, appointment.billing);
  return canInvoice(appointment.state, appointment.billing, { hasBillingApproval });
}

/** One focusable thing of a day column: an empty 15-minute slot or an appointment, in time order. */
export type DayItem =
  | { kind: 'slot'; minutes: number }
  | { kind: 'appointment'; minutes: number; endMinutes: number; id: number; state: AppointmentState };

type Span = Pick<Appointment, 'id' | 'appointmentStart' | 'appointmentEnd' | 'state'>;

/** The appointments of one practice day. */
export const appointmentsOfDay = <T extends Span>(appointments: T[], day: Date) =>
  appointments.filter((appointment) => isSamePracticeDay(appointment.appointmentStart, day));

/**
 * A day's items between the first and the last hour: its appointments, and a slot for every 15-minute row that no
 * appointment covers (those are where a click creates an appointment).
 */
export function dayItems(dayAppointments: Span[], firstHour: number, lastHour: number): DayItem[] {
  const booked = dayAppointments.map((appointment) => {
    const minutes = practiceMinutesOfDay(appointment.appointmentStart);
    const endMinutes = practiceMinutesOfDay(appointment.appointmentEnd) || 24 * 60;
    return { kind: 'appointment' as const, minutes, endMinutes, id: appointment.id, state: appointment.state };
  });
  const items: DayItem[] = [...booked];
  for (let minutes = firstHour * 60; minutes < lastHour * 60; minutes += ROW_MINUTES) {
    const covered = booked.some((item) => item.minutes < minutes + ROW_MINUTES && item.endMinutes > minutes);
    if (!covered) items.push({ kind: 'slot', minutes });
  }
  return items.sort((a, b) => a.minutes - b.minutes || (a.kind === 'appointment' ? -1 : 1));
}

export type FocusPosition = { day: number; index: number };

/**
 * Keyboard movement in the week view: up and down go to the previous or next item of the day, left and right to the
 * item at the same time on the neighbouring day (the one covering that time, else the nearest), Home and End to the
 * day's first and last item. Null when the key does not move (an edge, or another key).
 */
export function moveFocus(days: DayItem[][], from: FocusPosition, key: string): FocusPosition | null {
  const current = days[from.day]?.[from.index];
  if (!current) return null;
  const within = (index: number) => {
    const count = days[from.day]?.length ?? 0;
    return index >= 0 && index < count && index !== from.index ? { day: from.day, index } : null;
  };
  switch (key) {
    case 'ArrowUp':
      return within(from.index - 1);
    case 'ArrowDown':
      return within(from.index + 1);
    case 'Home':
      return within(0);
    case 'End':
      return within((days[from.day]?.length ?? 0) - 1);
    case 'ArrowLeft':
    case 'ArrowRight': {
      const day = from.day + (key === 'ArrowLeft' ? -1 : 1);
      const target = days[day];
      if (!target || target.length === 0) return null;
      return { day, index: nearestIndex(target, current.minutes) };
    }
    default:
      return null;
  }
}

function nearestIndex(items: DayItem[], minutes: number): number {
  const covering = items.findIndex(
    (item) =>
      item.minutes <= minutes && (item.kind === 'slot' ? item.minutes + ROW_MINUTES : item.endMinutes) > minutes,
  );
  if (covering >= 0) return covering;
  let best = 0;
  items.forEach((item, index) => {
    if (Math.abs(item.minutes - minutes) < Math.abs((items[best]?.minutes ?? 0) - minutes)) best = index;
  });
  return best;
}
