/** The public face of the calendar module: the only file other modules may import from. */
export { feesForBilling, lockBillingCandidates, setAppointmentStates } from './appointment-billing.repo.js';
export { assertEnded, assertMayBill, markAppointmentsBilled } from './appointment-billing.service.js';
export { freeSlot, locationForBooking } from './appointment-booking.service.js';
export { copyFeeDefaultsToAppointment } from './appointment-fees.repo.js';
export { findAppointmentByCancelToken } from './appointment-jobs.repo.js';
export {
  confirmPatientCancellation,
  notifyTherapistOfOnlineBooking,
  notifyTherapistOfPatientCancellation,
  sendBookingConfirmation,
  sendVideoLink,
} from './appointment-mails.js';
export { appointmentNotFound, auditAppointment, loadAppointment } from './appointment-rules.js';
export type { AppointmentRow } from './appointments.repo.js';
export {
  countClientAppointments,
  findAppointment,
  findOwnAppointment,
  updateAppointment,
} from './appointments.repo.js';
export { isVideoRoomOpen } from './patient-appointments.service.js';
