import type { Customer } from '@praxia/shared';
import type { CustomerRow } from './customers.repo.js';

/** The API shape of a practice; payment-provider ids stay inside. */
export function toCustomerView(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    language: row.language === 'en' ? 'en' : 'de',
    phone: row.phone,
    email: row.email,
    deactivated: row.deactivated,
    requireTwoFactor: row.requireTwoFactor,
    trialExpiresAt: row.trialExpiresAt?.toISOString() ?? null,
    status: row.status,
    firstPatientNumber: row.firstPatientNumber,
    firstInvoiceNumber: row.firstInvoiceNumber,
    patientRemark: row.patientRemark,
    paymentModalities: row.paymentModalities,
    paymentTermInvoice: row.paymentTermInvoice,
    paymentTermOverdueNotice: row.paymentTermOverdueNotice,
    taxNumber: row.taxNumber,
    showTaxNumber: row.showTaxNumber,
    taxExceptionMedicalServices: row.taxExceptionMedicalServices,
    taxExceptionSmallBusiness: row.taxExceptionSmallBusiness,
    invoiceRemote: row.invoiceRemote,
    iban: row.iban,
    bic: row.bic,
    accountHolder: row.accountHolder,
    logoFilename: row.logoFilename,
    remarks: row.remarks,
    datevConsultantNumber: row.datevConsultantNumber,
    datevClientNumber: row.datevClientNumber,
    datevChart: row.datevChart,
  };
}
