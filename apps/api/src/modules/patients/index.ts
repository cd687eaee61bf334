/** The public face of the patients module: the only file other modules may import from. */
export { loadPatient } from './patients.policy.js';
export type { PatientRecordRow } from './patients.repo.js';
export { findPatientIdByEmail, findPatientsByEmail, nextPatientNumber } from './patients.repo.js';
export { getPatientForUserRoute, insertPatientRecord, insertPatientRows } from './patients.service.js';
