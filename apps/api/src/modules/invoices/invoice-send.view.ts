import { type InvoiceListItem, toPracticeIsoDateTime } from '@praxia/shared';
import type { DigitalSendAvailability } from '@praxia/shared/invoices/digital-send';
import type { InvoiceRow, OverdueNoticeRow } from './invoice-send.repo.js';

// The answer of POST /invoice/{id}/send. The invoice list (another part of issue 11) has its own mapping of a row;
// at merge both should become one.

export function toSentInvoiceItem(
  row: InvoiceRow,
  userName: string,
  availability: DigitalSendAvailability,
  latestNotice: OverdueNoticeRow | undefined,
): InvoiceListItem {
  return {
    id: row.id,
    invoiceNumber: String(row.invoiceNumber),
    kind: row.kind,
    createdAt: toPracticeIsoDateTime(row.createdAt),
    userName,
    clientId: row.clientId,
    therapistId: row.therapistId,
    amount: row.amountCents / 100,
    dueDate: row.dueDate,
    state: row.state,
    filename: `${row.fileName}.pdf`,
    sent: row.sentAt !== null,
    digitalSendAvailability: availability,
    overdueNoticeType: latestNotice?.type ?? null,
    overdueNoticeNumber: latestNotice?.number ?? null,
    overdueNoticeSent: latestNotice ? latestNotice.sentAt !== null || latestNotice.state === 'sent' : null,
  };
}
