import { formatRateUi, type Patient, parseGermanDate, parseRate, type UserDiagnosis } from '@praxia/shared';
import { type FeeRow, placeFeeErrors } from './fee-rows';
import {
  germanDateToWire,
  orNull,
  type PatientContactValues,
  toContactPayload,
  toContactValues,
  wireDateToGerman,
} from './patient-contact-values';

/** A diagnosis row in the form: stored ones keep their id. */
export type DiagnosisRow = {
  key: string;
  id?: number;
  codeValue: string | null;
  freeText: string | null;
  title: string | null;
};

export type PatientFormValues = PatientContactValues & {
  customerId: string;
  patientNumber: string;
  insuranceType: string;
  internalNote: string;
  invoiceRemark: string;
  /** The patient's consent to the diagnosis on invoices. */
  diagnosisOnInvoice: boolean;
  /** The fee agreement under §2 GOÄ: 'DD.MM.YYYY', the factor as typed ('4,5'), signed. */
  feeAgreementDate: string;
  feeAgreementFactor: string;
  feeAgreementSigned: boolean;
  /** 'DD.MM.YYYY' the consent to a collection agency was recorded; empty: none. */
  collectionConsentAt: string;
};

export const emptyPatientValues = (customerId: number | null): PatientFormValues => ({
  customerId: customerId === null ? '' : String(customerId),
  patientNumber: '',
  salutation: '',
  title: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  phoneCountry: 'DE',
  insuranceType: '',
  birthday: '',
  street: '',
  postalCode: '',
  city: '',
  country: 'DE',
  internalNote: '',
  invoiceRemark: '',
  collectionConsentAt: '',
  hasInvoiceAddress: false,
  careOf: '',
  invoiceAddress: '',
  invoiceDigital: true,
  diagnosisOnInvoice: false,
  feeAgreementDate: '',
  feeAgreementFactor: '',
  feeAgreementSigned: false,
});

export function toPatientValues(patient: Patient): PatientFormValues {
  return {
    ...toContactValues(patient),
    customerId: String(patient.customerId),
    patientNumber: String(patient.patientNumber),
    insuranceType: patient.insuranceType ?? '',
    internalNote: patient.internalNote ?? '',
    invoiceRemark: patient.invoiceRemark ?? '',
    diagnosisOnInvoice: patient.diagnosisOnInvoice,
    feeAgreementDate: wireDateToGerman(patient.feeAgreementDate),
    feeAgreementFactor: patient.feeAgreementFactor ? formatRateUi(parseRate(patient.feeAgreementFactor) ?? 0) : '',
    feeAgreementSigned: patient.feeAgreementSigned,
    collectionConsentAt: wireDateToGerman(patient.collectionConsentAt),
  };
}

/** §2 GOÄ: the factor of a signed fee agreement, which lets the patient's defaults go above the maximum. */
export function agreedFactorOf(values: Pick<PatientFormValues, 'feeAgreementSigned' | 'feeAgreementFactor'>) {
  return values.feeAgreementSigned ? parseRate(values.feeAgreementFactor.trim()) : null;
}

/** The patient part of the save; the patient number only when editing (spec people §5). */
export function toPatientPayload(values: PatientFormValues, isEdit: boolean) {
  return {
    ...(isEdit ? { patientNumber: values.patientNumber.trim() } : { customerId: Number(values.customerId) }),
    ...toContactPayload(values),
    email: values.email.trim(),
    insuranceType: (orNull(values.insuranceType) as 'legally' | 'privately' | null) ?? null,
    internalNote: orNull(values.internalNote),
    invoiceRemark: orNull(values.invoiceRemark),
    diagnosisOnInvoice: values.diagnosisOnInvoice,
    feeAgreementDate: parseGermanDate(values.feeAgreementDate) ?? null,
    feeAgreementFactor: orNull(values.feeAgreementFactor),
    feeAgreementSigned: values.feeAgreementSigned,
    collectionConsentAt: germanDateToWire(values.collectionConsentAt) ?? null,
  };
}

export function toDiagnosisPayload(rows: DiagnosisRow[], defaultKey: string | null) {
  return rows.map((row) =>
    row.id !== undefined
      ? { id: row.id, isDefault: row.key === defaultKey }
      : { codeValue: row.codeValue, freeText: row.freeText, isDefault: row.key === defaultKey },
  );
}

export const diagnosisLabel = (row: Pick<DiagnosisRow, 'codeValue' | 'freeText' | 'title'>) =>
  row.codeValue ? `${row.codeValue} ${row.title ?? ''}`.trim() : (row.freeText ?? '');

export function toDiagnosisRows(list: UserDiagnosis[]): DiagnosisRow[] {
  return list.map((item) => ({
    key: `d${item.id}`,
    id: item.id,
    codeValue: item.codeValue,
    freeText: item.freeText,
    title: item.title,
  }));
}

/**
 * Where the form shows the server's refusals of a save (people §8): patient fields at their inputs, fee entries at
 * their rows, diagnoses at their card. `unplaced` names what none of them shows, which the generic toast reports.
 */
export function placeSaveErrors(
  fieldErrors: Record<string, string>,
  options: { fees: FeeRow[]; formFields: readonly string[]; hasDiagnoses: boolean },
) {
  const fees = placeFeeErrors(fieldErrors, options.fees);
  const form: Record<string, string> = {};
  let diagnoses: string | null = null;
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(fees.rest)) {
    const isDiagnosis = path === 'defaultUserDiagnosisId' || path === 'diagnoses' || path.startsWith('diagnoses.');
    if (options.formFields.includes(path)) form[path] = message;
    else if (isDiagnosis && options.hasDiagnoses) diagnoses ??= message;
    else unplaced.push(path);
  }
  return { form, feeRows: fees.byRow, feeList: fees.list, diagnoses, unplaced };
}
