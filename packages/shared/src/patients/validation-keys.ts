/**
 * Validation keys of the patient form (texts in the catalogue's validation section). A file of their own: the web's
 * error tables load with the first view and must not pull the patient schemas (zod, phone metadata) in with them.
 */
export const PatientValidationKey = {
  date: 'error.date',
  patientNumberNotUnique: 'error.patientNumberNotUnique',
  defaultDiagnosisRequired: 'error.defaultDiagnosisRequired',
} as const;
