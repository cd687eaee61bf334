import { type Appointment, type BillingHint, billingHint } from '@praxia/shared';

export type HeldFacts = Pick<Appointment, 'state' | 'billing'> & Partial<Pick<Appointment, 'clientId' | 'client'>>;

/**
 * A guest's online booking held because the e-mail typed is already a patient's: booked, with the guest's details,
 * but no patient record named until the practice has checked it (anyone can type an address).
 */
export const isHeldBooking = (appointment: HeldFacts) =>
  (appointment.state === 'taken' || appointment.state === 'billable') &&
  appointment.clientId === null &&
  Boolean(appointment.client);

/** What an open appointment still needs: its patient named first, then what billing needs. */
export type OpenHint = BillingHint | 'patientMissing';

export const openHint = (appointment: HeldFacts): OpenHint =>
  isHeldBooking(appointment) ? 'patientMissing' : billingHint(appointment.billing);
