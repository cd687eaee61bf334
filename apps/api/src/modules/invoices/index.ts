/** The public face of the invoices module: the only file other modules may import from. */

export {
  type NoticeAddressee,
  noticeParagraphs,
  noticeSalutation,
  renderOverdueNoticePdf,
} from './documents/index.js';
export { drawPlanInvoicePdf, type PlanInvoiceDocument } from './documents/plan-invoice-pdf.js';
export { ensureInvoiceFiles } from './invoice-files.js';
export { invoiceNotFound, requireActiveInvoice, requireInvoiceListItem } from './invoice-lookup.js';
export {
  appointmentsInInvoices,
  findActiveInvoice,
  type InvoiceRow,
  patientHasInvoices,
  recordInvoiceSend,
} from './invoices.repo.js';
