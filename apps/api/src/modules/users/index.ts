/** The public face of the users module: the only file other modules may import from. */
export { requireCalendarPractice, resolveCalendar, resolveCalendars } from './calendar-selection.js';
export { findPublicTherapist } from './public-therapist.js';
export { isTherapistOfPractice, resolveTherapist } from './therapist-scope.js';
export { hasDeactivatedAssignment, linkUserToCustomer } from './user-customers.repo.js';
export {
  findCustomersOfUser,
  findUserByEmail,
  findUserById,
  findUserInScope,
  insertUser,
  isEmailTaken,
  updateUser,
} from './users.repo.js';
export { sanitiseVita } from './vita.js';
