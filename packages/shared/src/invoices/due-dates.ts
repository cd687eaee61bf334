import { addPracticeDays, toPracticeIsoDate } from '../dates.js';

/**
 * The payment deadline: the issue day plus the term in calendar days, counted in German time (a late-evening invoice
 * belongs to its German day). The date is not moved off weekends or holidays; §193 BGB already gives the payer the
 * next working day, and the printed date stays the plain count the practice set.
 */
function dueDateAfter(issuedAt: Date | string, termDays: number): string {
  if (!Number.isInteger(termDays) || termDays < 0) throw new RangeError('termDays');
  return toPracticeIsoDate(addPracticeDays(new Date(issuedAt), termDays));
}

/** The invoice's due date ('YYYY-MM-DD', Zahlungsziel) from the practice's paymentTermInvoice. */
export const invoiceDueDate = (invoiceDate: Date | string, paymentTermInvoiceDays: number) =>
  dueDateAfter(invoiceDate, paymentTermInvoiceDays);

/** A payment reminder's or final notice's due date from the practice's paymentTermOverdueNotice (spec §2.8). */
export const overdueNoticeDueDate = (noticeDate: Date | string, paymentTermOverdueNoticeDays: number) =>
  dueDateAfter(noticeDate, paymentTermOverdueNoticeDays);
