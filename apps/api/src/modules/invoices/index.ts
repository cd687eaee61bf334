/** The public face of the invoices module: the only file other modules may import from. */
export { appointmentsInInvoices, patientHasInvoices } from './invoices.repo.js';
