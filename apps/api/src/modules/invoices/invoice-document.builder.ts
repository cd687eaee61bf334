import {
  type DocumentBank,
  type DocumentPractice,
  type DocumentTherapist,
  formatPhoneNumber,
  type InvoiceDocument,
  type InvoiceDocumentLine,
  invoiceDueDate,
  printedJobTitle,
  type TaxableLine,
  taxSummary,
  toPracticeIsoDate,
} from '@praxia/shared';
import type { AppointmentRow } from '../calendar/index.js';
import type { CustomerRow } from '../customers/index.js';
import { feeAgreementOf } from '../records/index.js';
import type { FeeWithItem, PatientForInvoice, UserRow } from './invoice-data.repo.js';
import { appointmentLines } from './invoice-lines.js';

const joined = (parts: (string | null | undefined)[], separator = ' ') =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);

export const personName = (user: Pick<UserRow, 'title' | 'firstName' | 'lastName'>) =>
  joined([user.title, user.firstName, user.lastName]);

function documentPractice(practice: CustomerRow, therapist: UserRow, logoKey: string | null): DocumentPractice {
  // The practice's tax number when it shows it, else the therapist's own (a practice of self-employed therapists).
  const taxNumber =
    (practice.showTaxNumber && practice.taxNumber) || (therapist.showTaxNumber && therapist.taxNumber) || null;
  return {
    name: practice.name,
    street: practice.street,
    postalCode: practice.postalCode,
    city: practice.city,
    phone: practice.phone === null ? null : formatPhoneNumber(practice.phone),
    email: practice.email,
    taxNumber,
    logoKey,
  };
}

function documentTherapist(therapist: UserRow): DocumentTherapist {
  // An issued document is German whatever the practice's language, and frozen with the title as printed.
  const jobTitle = printedJobTitle(therapist, 'de');
  return {
    name: personName(therapist),
    jobTitle,
    qualification: therapist.qualificationLine?.trim() || null,
    signature: therapist.invoiceSignature?.trim() || null,
  };
}

function returnAddressOf(practice: CustomerRow, therapist: UserRow): string {
  const own = therapist.returnAddress?.trim();
  if (own) return own;
  return joined([practice.name, practice.street, joined([practice.postalCode, practice.city])], ', ');
}

/** The window address: the patient's invoice address as written, else name (c/o) and postal address. */
function recipientLines(patient: PatientForInvoice, fallback: AppointmentRow): string[] {
  const free = patient.patient.invoiceAddress
    ?.split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (free?.length) return free;
  const { user } = patient;
  // The record's address; an appointment's snapshot (checked complete before billing) when the record has none.
  const hasOwn = Boolean(user.street && user.postalCode && user.city);
  const street = hasOwn ? user.street : fallback.clientStreet;
  const place = hasOwn
    ? joined([user.postalCode, user.city])
    : joined([fallback.clientPostalCode, fallback.clientCity]);
  const careOf = patient.patient.careOf?.trim();
  return [joined([user.salutation, personName(user)]), careOf ? `c/o ${careOf}` : null, street, place].filter(
    (line): line is string => Boolean(line?.trim()),
  );
}

function bankOf(practice: CustomerRow): DocumentBank | null {
  if (!practice.iban) return null;
  return { iban: practice.iban, bic: practice.bic, accountHolder: practice.accountHolder?.trim() || practice.name };
}

/** The practice's remark for its patients, then this patient's invoice remark (spec people §3); blank ones left out. */
function remarkOf(practice: CustomerRow, patient: PatientForInvoice): string | null {
  return joined([practice.patientRemark, patient.patient.invoiceRemark], '\n') || null;
}

export type InvoiceSource = {
  now: Date;
  practice: CustomerRow;
  logoKey: string | null;
  therapist: UserRow;
  patient: PatientForInvoice;
  /** The appointments of this patient and therapist being billed, in time order. */
  appointments: AppointmentRow[];
  fees: Map<number, FeeWithItem[]>;
  typeLocation: (appointment: AppointmentRow) => string | null;
  probatoryIds: Set<number>;
};

/** The frozen content of one invoice, everything but its number (allocated last, once the content is valid). */
export function buildInvoiceDocument(source: InvoiceSource): Omit<InvoiceDocument, 'invoiceNumber'> {
  const { practice, therapist, patient } = source;
  const smallBusiness = practice.taxExceptionSmallBusiness === 'add';
  const lines: InvoiceDocumentLine[] = [];
  const taxable: TaxableLine[] = [];
  for (const appointment of source.appointments) {
    const result = appointmentLines(appointment, source.fees.get(appointment.id) ?? [], {
      smallBusiness,
      therapistJobType: therapist.jobTitleType,
      agreement: feeAgreementOf(patient.patient),
      markRemote: practice.invoiceRemote === 'mark',
      probatoryIds: source.probatoryIds,
      typeLocation: source.typeLocation,
    });
    lines.push(...result.lines);
    taxable.push(...result.taxable);
  }
  const summary = taxSummary(taxable, { smallBusiness });
  // Health data for the insurer: printed only with the patient's consent, recorded on the patient.
  const diagnosisTitle = patient.patient.diagnosisOnInvoice
    ? (patient.diagnosisTitle ?? patient.diagnosisFreeText)
    : null;
  const firstAppointment = source.appointments[0];
  if (!firstAppointment) throw new Error('an invoice needs an appointment');
  return {
    kind: 'invoice',
    cancels: null,
    issueDate: toPracticeIsoDate(source.now),
    dueDate: invoiceDueDate(source.now, practice.paymentTermInvoice),
    paymentTermDays: practice.paymentTermInvoice,
    practice: documentPractice(practice, therapist, source.logoKey),
    therapist: documentTherapist(therapist),
    returnAddress: returnAddressOf(practice, therapist),
    recipient: { lines: recipientLines(patient, firstAppointment) },
    patient: {
      name: personName(patient.user),
      birthday: patient.patient.birthday,
      patientNumber: therapist.invoicePatientNumber === 'show' ? String(patient.patient.patientNumber) : null,
    },
    diagnosis: diagnosisTitle ? { code: patient.diagnosisCode ?? null, title: diagnosisTitle } : null,
    lines,
    taxTotals: summary.totals,
    taxNotes: summary.noteKeys,
    totalCents: summary.grossCents,
    paymentModalities: practice.paymentModalities?.trim() || null,
    bank: bankOf(practice),
    remark: remarkOf(practice, patient),
    defaultNotice: true,
  };
}

/** The Storno of an invoice (kind cancellation): the same lines with negative amounts, naming the invoice it cancels. */
export function buildCancellationDocument(
  original: InvoiceDocument,
  invoiceNumber: number,
  now: Date,
): InvoiceDocument {
  const issueDate = toPracticeIsoDate(now);
  const negate = (cents: number) => (cents === 0 ? 0 : -cents);
  return {
    ...original,
    kind: 'cancellation',
    invoiceNumber: String(invoiceNumber),
    cancels: { invoiceNumber: original.invoiceNumber, issueDate: original.issueDate },
    issueDate,
    // Nothing is to be paid: the amount is credited.
    dueDate: issueDate,
    lines: original.lines.map((line) => ({
      ...line,
      netCents: negate(line.netCents),
      taxCents: negate(line.taxCents),
      grossCents: negate(line.grossCents),
    })),
    taxTotals: original.taxTotals.map((total) => ({
      ...total,
      netCents: negate(total.netCents),
      taxCents: negate(total.taxCents),
      grossCents: negate(total.grossCents),
    })),
    totalCents: negate(original.totalCents),
  };
}
