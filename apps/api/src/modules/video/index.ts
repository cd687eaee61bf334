/** The public face of the video module: the only file other modules may import from. */
export { endVideoConsultations, issuePatientLink } from './patient-link.js';
