import { type DigitalSendAvailability, type OverdueNotice, toPracticeIsoDateTime } from '@praxia/shared';
import type { OverdueNoticeRow } from './overdue-notice.repo.js';

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

/**
 * A notice as the page and the file name call it: '1. Zahlungserinnerung zu Rechnung Nr. 1042' (the level always
 * shown, unlike the letter's subject), 'Mahnung zu Rechnung Nr. 1042'.
 */
export function noticeLabel(type: 'reminder' | 'notice', number: number, invoiceNumber: string): string {
  return type === 'notice'
    ? `Mahnung zu Rechnung Nr. ${invoiceNumber}`
    : `${number}. Zahlungserinnerung zu Rechnung Nr. ${invoiceNumber}`;
}
