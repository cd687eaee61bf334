import type { Appointment, AppointmentState } from '@praxia/shared';

/** Whether deleting asks "only this or this and all following" (spec §4.1: a series member in the future). */
export const asksSeriesChoice = (appointment: Pick<Appointment, 'seriesId' | 'appointmentStart'>, now = new Date()) =>
  appointment.seriesId !== null && Date.parse(appointment.appointmentStart) > now.getTime();

/** The delete confirmation's text by state (spec §4.1: deleting a taken or billable appointment warns). */
export const DELETE_TEXT_KEYS: Record<AppointmentState, string> = {
  available: 'calendar.dialog.deleteAvailable',
  taken: 'calendar.dialog.deleteTaken',
  billable: 'calendar.dialog.deleteBillable',
  // Billed appointments cannot be deleted; the dialog never opens for them.
  billed: 'calendar.dialog.deleteBillable',
};
