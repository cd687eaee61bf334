import { type OverdueNotice, toPracticeIsoDateTime } from '@praxia/shared';
import type { DigitalSendAvailability } from '@praxia/shared/invoices/digital-send';
import type { OverdueNoticeRow } from './invoice-send.repo.js';

/** A notice as the dunning dialog lists it; its availability is the patient's, counted against its own sends. */
export function toOverdueNotice(row: OverdueNoticeRow, availability: DigitalSendAvailability): OverdueNotice {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    type: row.type,
    number: row.number,
    createdAt: toPracticeIsoDateTime(row.createdAt),
    dueDate: row.dueDate,
    state: row.state,
    sent: row.sentAt !== null || row.state === 'sent',
    fileName: `${row.fileName}.pdf`,
    digitalSendAvailability: availability,
  };
}
