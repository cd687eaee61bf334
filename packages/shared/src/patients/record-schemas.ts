import { z } from 'zod';
import { idField, plainText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';
import { recordFeeDefaultSchema } from '../records/schemas.js';
import { patientCreateSchema, patientUpdateSchema } from './schemas.js';

/** A diagnosis in the form: an existing one (id) or a new code or free text; one of them is the default. */
const recordDiagnosisSchema = z
  .object({
    id: idField.optional(),
    codeValue: plainText().trim().max(10).nullish(),
    freeText: plainText().trim().max(500, V.tooLong).nullish(),
    isDefault: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.id === undefined && Boolean(value.codeValue) === Boolean(value.freeText)) {
      context.addIssue({ code: 'custom', message: V.required, path: ['codeValue'] });
    }
  });

const recordLists = {
  diagnoses: z.array(recordDiagnosisSchema).max(50),
  feeDefaults: z.array(recordFeeDefaultSchema).max(50),
};

/**
 * The patient form's whole save (spec people §4: patient, then fee defaults, then diagnoses) as one call that
 * commits all or nothing: PUT /user/patient/{id}/record and POST /user/patient/record.
 */
export const patientRecordUpdateSchema = z.object({ patient: patientUpdateSchema, ...recordLists });
export const patientRecordCreateSchema = z.object({ patient: patientCreateSchema, ...recordLists });
export type PatientRecordUpdate = z.input<typeof patientRecordUpdateSchema>;
export type PatientRecordCreate = z.input<typeof patientRecordCreateSchema>;
