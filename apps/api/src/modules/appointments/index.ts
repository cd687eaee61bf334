/** The public face of the appointments module: the only file other modules may import from. */
export { feesForBilling, lockBillingCandidates, setAppointmentStates } from './appointment-billing.repo.js';
export { markAppointmentsBilled } from './appointment-billing.service.js';
export { sendVideoLink } from './appointment-mails.js';
export { auditAppointment, loadAppointmentForActor } from './appointment-rules.js';
export { ensureDefaultAppointmentType } from './appointment-types.service.js';
export type { AppointmentRow } from './appointments.repo.js';
export { countClientAppointments, findAppointment } from './appointments.repo.js';
export { canSeeCalendarRow, requirePractice, resolveCalendarTherapists } from './calendar-scope.js';
