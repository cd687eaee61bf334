import {
  applyJustificationRule,
  type FeeDefault,
  feeItemLabel,
  type JustificationKey,
  type Patient,
  parseJustifications,
  parseRate,
  type UserDiagnosis,
} from '@praxia/shared';
import { orNull, type PatientContactValues, toContactPayload, toContactValues } from './patient-contact-values';

/** A diagnosis row in the form: stored ones keep their id. */
export type DiagnosisRow = {
  key: string;
  id?: number;
  codeValue: string | null;
  freeText: string | null;
  title: string | null;
};

/** A fee row in the form; the rate is what the user typed (comma decimal). */
export type FeeRow =
  | {
      key: string;
      id?: number;
      kind: 'goae';
      codeValue: string;
      label: string;
      alternativeTitle: string;
      rate: string;
      maxRate: number;
    }
  | {
      key: string;
      id?: number;
      kind: 'coaching';
      coachingTitle: string;
      coachingAmount: string;
      coachingAmountTax: 'add' | 'notax';
    };

export type PatientFormValues = PatientContactValues & {
  customerId: string;
  patientNumber: string;
  insuranceType: string;
  internalNote: string;
  invoiceRemark: string;
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
  hasInvoiceAddress: false,
  careOf: '',
  invoiceAddress: '',
  invoiceDigital: true,
});

export function toPatientValues(patient: Patient): PatientFormValues {
  return {
    ...toContactValues(patient),
    customerId: String(patient.customerId),
    patientNumber: String(patient.patientNumber),
    insuranceType: patient.insuranceType ?? '',
    internalNote: patient.internalNote ?? '',
    invoiceRemark: patient.invoiceRemark ?? '',
  };
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
  };
}

/**
 * The fee rows the sync sends (spec people §5): a GOÄ row needs its code and a rate, a coaching row its title and
 * amount; incomplete rows are left out. Stored rows go by id.
 */
export type FeePayload =
  | { id: number }
  | { codeValue: string; alternativeTitle: string | null; incrementalRate: string }
  | { coachingTitle: string; coachingAmount: string; coachingAmountTax: 'add' | 'notax' };

export function toFeePayload(rows: FeeRow[]): FeePayload[] {
  return rows.flatMap((row): FeePayload[] => {
    if (row.id !== undefined) return [{ id: row.id }];
    if (row.kind === 'goae') {
      const rate = parseRate(row.rate);
      return row.codeValue && rate !== null
        ? [
            {
              codeValue: row.codeValue,
              alternativeTitle: orNull(row.alternativeTitle),
              incrementalRate: row.rate.replace(',', '.'),
            },
          ]
        : [];
    }
    return row.coachingTitle.trim() && row.coachingAmount.trim()
      ? [
          {
            coachingTitle: row.coachingTitle.trim(),
            coachingAmount: row.coachingAmount.trim(),
            coachingAmountTax: row.coachingAmountTax,
          },
        ]
      : [];
  });
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

export function toFeeRows(list: FeeDefault[]): FeeRow[] {
  return list.map((item) =>
    item.codeValue
      ? {
          key: `f${item.id}`,
          id: item.id,
          kind: 'goae' as const,
          codeValue: item.codeValue,
          // As the catalogue search labels it (spec people §3): code, title, amount × rate; analog codes by code only.
          label: item.item ? feeItemLabel(item.item, parseRate(item.incrementalRate ?? '') ?? 100) : item.codeValue,
          alternativeTitle: item.alternativeTitle ?? '',
          rate: (item.incrementalRate ?? '').replace('.', ','),
          maxRate: item.item ? (parseRate(item.item.maxFactor) ?? 0) : 0,
        }
      : {
          key: `f${item.id}`,
          id: item.id,
          kind: 'coaching' as const,
          coachingTitle: item.coachingTitle ?? '',
          coachingAmount: item.coachingAmount === null ? '' : String(item.coachingAmount).replace('.', ','),
          coachingAmountTax: item.coachingAmountTax ?? 'notax',
        },
  );
}

/** The GOÄ rates of the form in hundredths, for the justification rule. */
export const goaeRates = (rows: FeeRow[]) =>
  rows.flatMap((row) =>
    row.kind === 'goae' ? [parseRate(row.rate)].filter((rate): rate is number => rate !== null) : [],
  );

/** Spec people §5 applied after any change of rates: the selection and the remark that go with them. */
export function nextJustifications(rows: FeeRow[], selected: JustificationKey[], invoiceRemark: string) {
  return applyJustificationRule(goaeRates(rows), { selected, invoiceRemark });
}

export const initialJustifications = (invoiceRemark: string | null) => parseJustifications(invoiceRemark);
