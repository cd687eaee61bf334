import { ErrorCode, ValidationKey } from '@praxia/shared';
import { PatientValidationKey } from '@praxia/shared/patients/validation-keys';
import type { ApiError } from '../api-client';
import { describeGenericCall } from './common';
import { type ErrorHandler, type ErrorOutcome, key } from './outcome';

/** The form-wide uniqueness refusals (people §8): the field they mark, its message, and the toast if the spec has one. */
const FORM_REFUSALS: Partial<Record<ErrorCode, { field: string; message: string; toastKey?: string }>> = {
  [ErrorCode.patientNumberTaken]: {
    field: 'patientNumber',
    message: PatientValidationKey.patientNumberNotUnique,
    toastKey: 'patients.numberExists',
  },
  [ErrorCode.patientEmailTaken]: { field: 'email', message: ValidationKey.emailAlreadyExists },
};

/**
 * Spec people §8, a 422 on patient save: the uniqueness codes in formGlobal mark their fields; field keys from the
 * server go under their fields; anything else is the generic network-error toast.
 */
function describePatientSave(error: ApiError): ErrorOutcome {
  if (error.status !== 422) return describeGenericCall(error);
  const fieldErrors: Record<string, string> = {};
  let toastKey: string | undefined;
  for (const code of [error.code, ...(error.validationMessages.formGlobal ?? [])]) {
    const refusal = Object.hasOwn(FORM_REFUSALS, code) ? FORM_REFUSALS[code as ErrorCode] : undefined;
    if (!refusal) continue;
    fieldErrors[refusal.field] = refusal.message;
    toastKey ??= refusal.toastKey;
  }
  for (const [field, keys] of Object.entries(error.validationMessages)) {
    const first = keys[0];
    if (field === 'formGlobal' || !first?.startsWith('error.')) continue;
    fieldErrors[field.replace(/^patient\./, '')] = first;
  }
  if (Object.keys(fieldErrors).length === 0) return describeGenericCall(error);
  return { toast: toastKey ? { message: key(toastKey) } : null, fieldErrors };
}

export const patientErrors = {
  patientSave: describePatientSave,
} satisfies Record<string, ErrorHandler>;
