import { patientContactFormSchema, patientFormSchema } from '@praxia/shared';
import { schemaValidator } from '../../lib/schema-validator';
import type { PatientContactValues } from './patient-contact-values';
import type { PatientFormValues } from './patient-form-values';

/** The practice's patient form: the shared form schema of spec people §5, as @mantine/form's `validate`. */
export const patientValidators = (isEdit: boolean) => schemaValidator(patientFormSchema(isEdit));

/** The patient's own profile form: the contact part of the same rules. */
export const contactValidators = () => schemaValidator(patientContactFormSchema);

/** One field's message key (null when valid). */
export function validatePatientField(
  field: keyof PatientFormValues,
  values: PatientFormValues,
  isEdit: boolean,
): string | null {
  return patientValidators(isEdit)(values)[field] ?? null;
}

/** One field of the profile form's contact values (null when valid). */
export function validateContactField(field: keyof PatientContactValues, values: PatientContactValues): string | null {
  return contactValidators()(values)[field] ?? null;
}
