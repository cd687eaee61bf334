import { ErrorCode, toPracticeIsoDate } from '@praxia/shared';
import { AppError } from '../../plugins/errors.js';
import type { InvoiceRow } from '../invoices/index.js';
import type { NoticeStep } from './overdue-notice.repo.js';

// Dunning follows the calendar (§286 BGB): a reminder only once the invoice is due and unpaid, a final notice only
// after a reminder that went out and whose own deadline passed. Days are German calendar days 'YYYY-MM-DD'.

const germanDay = (iso: string) => iso.split('-').reverse().join('.');
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type DunningHistory = {
  highest: number;
  hasFinalNotice: boolean;
  sentReminders: number;
  /** A sent reminder's deadline has passed: the patient is in default (§286 Abs.1 BGB). */
  reminderLapsed: boolean;
};

export function dunningHistoryOf(steps: NoticeStep[], today: string): DunningHistory {
  const sent = steps.filter((step) => step.type === 'reminder' && step.state === 'sent');
  return {
    highest: Math.max(0, ...steps.map((step) => step.number)),
    hasFinalNotice: steps.some((step) => step.type === 'notice'),
    sentReminders: sent.length,
    reminderLapsed: sent.some((step) => step.dueDate < today),
  };
}

/**
 * Whether the patient is in default today: after the deadline of a sent reminder, or (§286 Abs.3 BGB) 30 days after
 * due date and receipt of an invoice that carried the notice. Receipt is known only for a sent invoice.
 */
export function isInDefault(invoice: InvoiceRow, history: DunningHistory, today: string): boolean {
  if (history.reminderLapsed) return true;
  if (!invoice.document.defaultNotice || invoice.sentAt === null) return false;
  const received = toPracticeIsoDate(invoice.sentAt);
  const latest = received > invoice.dueDate ? received : invoice.dueDate;
  return today > plusDays(latest, 30);
}

/** Refuses a reminder before the invoice is overdue and a final notice before a sent reminder lapsed. */
export function assertDunningDue(
  type: 'reminder' | 'notice',
  invoice: InvoiceRow,
  history: DunningHistory,
  today: string,
): void {
  if (invoice.dueDate >= today) {
    throw new AppError(ErrorCode.overdueReminderTooEarly, {
      status: 409,
      detail: `Die Rechnung ist erst am ${germanDay(invoice.dueDate)} fällig. Eine Zahlungserinnerung ist erst danach möglich.`,
      params: { dueDate: invoice.dueDate },
    });
  }
  if (type === 'notice' && !history.reminderLapsed) {
    throw new AppError(ErrorCode.overdueNoticeTooEarly, {
      status: 409,
      detail:
        'Eine letzte Mahnung ist erst möglich, wenn eine Zahlungserinnerung versandt wurde und deren Zahlungsfrist abgelaufen ist.',
    });
  }
}
