import type { InvoiceListItem, OverdueNotice } from '@praxia/shared';

/** A label as the catalogue words it, and whether it is a "sent" one (shown in blue, spec §4.3). */
export type StateLabel = { key: string; values?: Record<string, number>; isSent: boolean };

type LabelSource = Pick<
  InvoiceListItem,
  'state' | 'sent' | 'overdueNoticeType' | 'overdueNoticeNumber' | 'overdueNoticeSent'
>;

/**
 * Spec §4.3: a created invoice shows its latest dunning step (n-th payment reminder or final notice, created or
 * sent), otherwise Erstellt or Versandt; paid and cancelled ones add "(versandt)" when they went out; a deleted one
 * (listed so its number stays visible, §14 UStG) reads Gelöscht; an unknown state reads Fehler.
 */
export function invoiceStateLabel(invoice: LabelSource): StateLabel {
  switch (invoice.state) {
    case 'created': {
      if (invoice.overdueNoticeType === 'reminder') {
        const isSent = invoice.overdueNoticeSent === true;
        return {
          key: isSent ? 'invoiceList.state.reminderSent' : 'invoiceList.state.reminderCreated',
          values: { number: invoice.overdueNoticeNumber ?? 1 },
          isSent,
        };
      }
      if (invoice.overdueNoticeType === 'notice') {
        const isSent = invoice.overdueNoticeSent === true;
        return { key: isSent ? 'invoiceList.state.noticeSent' : 'invoiceList.state.noticeCreated', isSent };
      }
      return invoice.sent
        ? { key: 'invoiceList.state.sent', isSent: true }
        : { key: 'invoiceList.state.created', isSent: false };
    }
    case 'paid':
      return { key: invoice.sent ? 'invoiceList.state.paidSent' : 'invoiceList.state.paid', isSent: invoice.sent };
    case 'cancelled':
      return {
        key: invoice.sent ? 'invoiceList.state.cancelledSent' : 'invoiceList.state.cancelled',
        isSent: invoice.sent,
      };
    case 'deleted':
      return { key: 'invoiceList.state.deleted', isSent: false };
    default:
      return { key: 'invoiceList.state.error', isSent: false };
  }
}

/** Spec §4.4: a notice reads Erstellt or Versandt (sent in blue). */
export function noticeStateLabel(notice: Pick<OverdueNotice, 'state' | 'sent'>): StateLabel {
  const isSent = notice.sent || notice.state === 'sent';
  return { key: isSent ? 'dunning.state.sent' : 'dunning.state.created', isSent };
}

/** Spec §2.8: the level column, '1. Zahlungserinnerung' … or 'Mahnung'. */
export function noticeLevelLabel(notice: Pick<OverdueNotice, 'type' | 'number'>): StateLabel {
  return notice.type === 'reminder'
    ? { key: 'dunning.level.reminder', values: { number: notice.number }, isSent: false }
    : { key: 'dunning.level.notice', isSent: false };
}
