import { agreementFactorWire, type Patient, type PatientProfile, toWireDate } from '@praxia/shared';
import type { PatientRecordRow } from './patients.repo.js';

/** The API shape of a patient (spec people §3): user and patient rows merged, birthday in the wire form. */
export function toPatientView({ user, patient }: PatientRecordRow, sessioncounter: number): Patient {
  return {
    id: user.id,
    roles: user.roles,
    salutation: user.salutation,
    title: user.title,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    deleted: user.deleted,
    phone: user.phone,
    phoneCountry: user.phoneCountry,
    insuranceType: patient.insuranceType,
    customerId: patient.customerId,
    therapistId: patient.therapistId,
    birthday: toWireDate(patient.birthday),
    patientNumber: patient.patientNumber,
    defaultUserDiagnosisId: patient.defaultUserDiagnosisId,
    street: user.street,
    postalCode: user.postalCode,
    city: user.city,
    country: user.country,
    sessioncounter,
    internalNote: patient.internalNote,
    invoiceRemark: patient.invoiceRemark,
    careOf: patient.careOf,
    invoiceAddress: patient.invoiceAddress,
    invoiceDigital: patient.invoiceDigital,
    diagnosisOnInvoice: patient.diagnosisOnInvoice,
    feeAgreementDate: patient.feeAgreementDate,
    feeAgreementFactor: agreementFactorWire(patient.feeAgreementFactor),
    feeAgreementSigned: patient.feeAgreementSigned,
    collectionConsentAt: patient.collectionConsentAt,
  };
}

/** What a patient sees of their own record (GET /patient/profile): contact data, none of the practice's fields. */
export function toPatientProfileView({ user, patient }: PatientRecordRow): PatientProfile {
  return {
    id: user.id,
    email: user.email,
    salutation: user.salutation,
    title: user.title,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    phoneCountry: user.phoneCountry,
    birthday: toWireDate(patient.birthday),
    street: user.street,
    postalCode: user.postalCode,
    city: user.city,
    country: user.country,
    careOf: patient.careOf,
    invoiceAddress: patient.invoiceAddress,
    invoiceDigital: patient.invoiceDigital,
    hasAvatar: user.avatarKey !== null,
    language: user.language,
  };
}
