/** The public face of the appointment-types module: the only file other modules may import from. */
export type { AppointmentTypeRow } from './appointment-types.repo.js';
export { findAppointmentType } from './appointment-types.repo.js';
export { ensureDefaultAppointmentType } from './appointment-types.service.js';
