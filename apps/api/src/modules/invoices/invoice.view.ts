import { centsToEuros, digitalSendAvailability, type InvoiceListItem } from '@praxia/shared';
import { isBusinessInvoice } from './documents/e-invoice/buyer.js';
import type { InvoiceListRow } from './invoices.repo.js';

/** The row of GET /invoice (spec §3 Invoice): amount in euros, number as text, the latest notice's label data. */
export function toInvoiceListItem({ invoice, client, invoiceDigital, notice }: InvoiceListRow): InvoiceListItem {
  return {
    id: invoice.id,
    invoiceNumber: String(invoice.invoiceNumber),
    kind: invoice.kind,
    createdAt: invoice.createdAt.toISOString(),
    userName: [client.title, client.firstName, client.lastName].filter(Boolean).join(' '),
    clientId: invoice.clientId,
    therapistId: invoice.therapistId,
    amount: centsToEuros(invoice.amountCents),
    dueDate: invoice.dueDate,
    state: invoice.state,
    paidAt: invoice.paidAt,
    filename: `${invoice.fileName}.pdf`,
    sent: invoice.sentAt !== null,
    digitalSendAvailability: digitalSendAvailability({
      // A patient record that is gone (or a row without one) cannot receive the SMS code.
      invoiceDigital: invoiceDigital ?? 'no',
      phone: client.phone,
      phoneCountry: client.phoneCountry,
      sendCount: invoice.sendCount,
    }),
    overdueNoticeType: notice?.type ?? null,
    overdueNoticeNumber: notice?.number ?? null,
    overdueNoticeSent: notice ? notice.sent : null,
    offersXrechnung: invoice.state !== 'deleted' && isBusinessInvoice(invoice.document),
  };
}
