/** The public face of the appointments module: the only file other modules may import from. */
export { feesForBilling, lockBillingCandidates, setAppointmentStates } from './appointment-billing.repo.js';
export { markAppointmentsBilled } from './appointment-billing.service.js';
export { sendVideoLink } from './appointment-mails.js';
export { auditAppointment, loadAppointment } from './appointment-rules.js';
export { ensureDefaultAppointmentType } from './appointment-types.service.js';
export type { AppointmentRow } from './appointments.repo.js';
export { countClientAppointments, findAppointment } from './appointments.repo.js';
export { requireCalendarPractice, resolveCalendars } from './calendar-selection.js';
