import { type InvoiceListItem, Role } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { initialDayRange, toDateRangeQuery } from './invoice-date-range';
import {
  canCreateNotices,
  canDeleteNotices,
  canDownloadWord,
  invoiceRowActions,
  sendBlockReason,
} from './invoice-row-rules';
import { invoiceStateLabel, noticeLevelLabel, noticeStateLabel } from './invoice-state-label';

const item = (changes: Partial<InvoiceListItem> = {}): InvoiceListItem => ({
  id: 1,
  invoiceNumber: '1042',
  kind: 'invoice',
  createdAt: '2026-11-03T10:00:00+01:00',
  userName: 'Erika Muster',
  clientId: 7,
  therapistId: 3,
  amount: 100.55,
  dueDate: '2026-11-17',
  state: 'created',
  paidAt: null,
  filename: 'Rechnung-1042.pdf',
  sent: false,
  digitalSendAvailability: 'yes',
  overdueNoticeType: null,
  overdueNoticeNumber: null,
  overdueNoticeSent: null,
  offersXrechnung: false,
  ...changes,
});

const assistant = { roles: Role.SECRETARY, trialExpiresAt: null, accountCreatedAt: null };
const drs = { roles: Role.THERAPIST_DRS, trialExpiresAt: null, accountCreatedAt: null };
const owner = { roles: Role.CUSTOMER_ADMIN, trialExpiresAt: null, accountCreatedAt: null };

describe('invoiceStateLabel (spec §4.3)', () => {
  it('reads Erstellt, or Versandt in blue once sent', () => {
    expect(invoiceStateLabel(item())).toEqual({ key: 'invoiceList.state.created', isSent: false });
    expect(invoiceStateLabel(item({ sent: true }))).toEqual({ key: 'invoiceList.state.sent', isSent: true });
  });

  it('shows the n-th payment reminder, created or sent', () => {
    const reminder = item({ overdueNoticeType: 'reminder', overdueNoticeNumber: 2, overdueNoticeSent: false });
    expect(invoiceStateLabel(reminder)).toEqual({
      key: 'invoiceList.state.reminderCreated',
      values: { number: 2 },
      isSent: false,
    });
    expect(invoiceStateLabel({ ...reminder, overdueNoticeSent: true })).toMatchObject({
      key: 'invoiceList.state.reminderSent',
      isSent: true,
    });
  });

  it('shows the final notice over the invoice having been sent', () => {
    const notice = item({ sent: true, overdueNoticeType: 'notice', overdueNoticeNumber: 1, overdueNoticeSent: false });
    expect(invoiceStateLabel(notice)).toEqual({ key: 'invoiceList.state.noticeCreated', isSent: false });
    expect(invoiceStateLabel({ ...notice, overdueNoticeSent: true })).toEqual({
      key: 'invoiceList.state.noticeSent',
      isSent: true,
    });
  });

  it('adds "(versandt)" to paid and cancelled ones that went out', () => {
    expect(invoiceStateLabel(item({ state: 'paid' }))).toEqual({ key: 'invoiceList.state.paid', isSent: false });
    expect(invoiceStateLabel(item({ state: 'paid', sent: true }))).toEqual({
      key: 'invoiceList.state.paidSent',
      isSent: true,
    });
    expect(invoiceStateLabel(item({ state: 'cancelled', sent: true }))).toEqual({
      key: 'invoiceList.state.cancelledSent',
      isSent: true,
    });
    expect(invoiceStateLabel(item({ state: 'cancelled' })).key).toBe('invoiceList.state.cancelled');
  });

  it('§14 UStG: reads Gelöscht for a deleted invoice, listed with its number', () => {
    expect(invoiceStateLabel(item({ state: 'deleted' }))).toEqual({ key: 'invoiceList.state.deleted', isSent: false });
  });

  it('reads Fehler for any other state', () => {
    expect(invoiceStateLabel(item({ state: 'unknown' as InvoiceListItem['state'] }))).toEqual({
      key: 'invoiceList.state.error',
      isSent: false,
    });
  });
});

describe('notice labels (spec §2.8, §4.4)', () => {
  it('names the level and the state', () => {
    expect(noticeLevelLabel({ type: 'reminder', number: 3 })).toMatchObject({ values: { number: 3 } });
    expect(noticeLevelLabel({ type: 'notice', number: 1 }).key).toBe('dunning.level.notice');
    expect(noticeStateLabel({ state: 'created', sent: false })).toEqual({
      key: 'dunning.state.created',
      isSent: false,
    });
    expect(noticeStateLabel({ state: 'sent', sent: true })).toEqual({ key: 'dunning.state.sent', isSent: true });
  });
});

describe('invoiceRowActions (spec §2.7)', () => {
  it('offers paid and cancel only for created invoices, unpaid only for paid ones', () => {
    const created = invoiceRowActions(item(), assistant);
    expect([created.markPaid, created.cancel, created.markUnpaid]).toEqual([true, true, false]);
    const paid = invoiceRowActions(item({ state: 'paid' }), assistant);
    expect([paid.markPaid, paid.cancel, paid.markUnpaid]).toEqual([false, false, true]);
    const cancelled = invoiceRowActions(item({ state: 'cancelled' }), assistant);
    expect([cancelled.markPaid, cancelled.cancel, cancelled.markUnpaid]).toEqual([false, false, false]);
  });

  it('hides send and Word from a therapist-DRS', () => {
    const actions = invoiceRowActions(item(), drs);
    expect(actions.send).toBe(false);
    expect(actions.word).toBe(false);
    expect(actions.pdf).toBe(true);
  });

  it('needs the delete privilege for delete', () => {
    expect(invoiceRowActions(item(), assistant).delete).toBe(true);
    expect(invoiceRowActions(item(), owner).delete).toBe(true);
    expect(invoiceRowActions(item(), { ...assistant, roles: Role.THERAPIST }).delete).toBe(false);
  });

  it('§14 UStG: offers delete only for a created invoice never sent, not for a Storno, paid or cancelled one', () => {
    for (const changes of [
      { sent: true },
      { state: 'paid' as const },
      { state: 'cancelled' as const },
      { kind: 'cancellation' as const },
    ]) {
      expect(invoiceRowActions(item(changes), assistant).delete).toBe(false);
    }
  });

  it('§14 UStG: offers nothing for a deleted invoice', () => {
    expect(Object.values(invoiceRowActions(item({ state: 'deleted' }), assistant)).filter(Boolean)).toEqual([]);
  });

  it('leaves paying, dunning and cancelling out for a cancellation document and a read-only owner', () => {
    const storno = invoiceRowActions(item({ kind: 'cancellation' }), assistant);
    expect([storno.markPaid, storno.cancel, storno.dunning]).toEqual([false, false, false]);
    const readOnly = invoiceRowActions(item(), owner);
    expect([readOnly.markPaid, readOnly.cancel]).toEqual([false, false]);
  });

  it('keeps Word for accounts created before 2025-05-10 or without a date', () => {
    expect(canDownloadWord({ ...assistant, accountCreatedAt: null })).toBe(true);
    expect(canDownloadWord({ ...assistant, accountCreatedAt: '2025-05-09T23:00:00Z' })).toBe(true);
    expect(canDownloadWord({ ...assistant, accountCreatedAt: '2025-05-10' })).toBe(false);
  });
});

describe('sendBlockReason (spec §5)', () => {
  it('blocks a trial practice first, then by availability', () => {
    expect(sendBlockReason(item(), { trialExpiresAt: '2026-12-01T00:00:00Z' })).toBe('invoiceList.sendBlocked.trial');
    expect(sendBlockReason(item(), { trialExpiresAt: null })).toBeNull();
    expect(sendBlockReason(item({ digitalSendAvailability: 'not mobile' }), { trialExpiresAt: null })).toBe(
      'invoiceList.sendBlocked.notMobile',
    );
    expect(sendBlockReason(item({ digitalSendAvailability: 'no digital' }), { trialExpiresAt: null })).toBe(
      'invoiceList.sendBlocked.noDigital',
    );
    expect(sendBlockReason(item({ digitalSendAvailability: 'limit exceeded' }), { trialExpiresAt: null })).toBe(
      'invoiceList.sendBlocked.limitExceeded',
    );
  });

  it('lets the dunning dialog create notices only for created invoices and never for DRS', () => {
    expect(canCreateNotices('created', Role.SECRETARY)).toBe(true);
    expect(canCreateNotices('paid', Role.SECRETARY)).toBe(false);
    expect(canCreateNotices('created', Role.THERAPIST_DRS)).toBe(false);
    expect(canCreateNotices('created', Role.CUSTOMER_ADMIN)).toBe(false);
    expect(canDeleteNotices(Role.SECRETARY)).toBe(true);
    expect(canDeleteNotices(Role.CUSTOMER_ADMIN)).toBe(false);
  });
});

describe('date range → query (spec §2.7, §9)', () => {
  it('runs from 00:00:00 on the start day to 23:59:59 on the end day, German time', () => {
    expect(toDateRangeQuery({ start: '2026-03-01', end: '2026-03-31' })).toEqual({
      dateStart: '2026-03-01T00:00:00+01:00',
      dateEnd: '2026-03-31T23:59:59+02:00',
    });
  });

  it('leaves an unset or impossible side open', () => {
    expect(toDateRangeQuery({ start: null, end: '2026-01-05' })).toEqual({
      dateStart: undefined,
      dateEnd: '2026-01-05T23:59:59+01:00',
    });
    expect(toDateRangeQuery({ start: '2026-02-31', end: null })).toEqual({ dateStart: undefined, dateEnd: undefined });
    expect(toDateRangeQuery({ start: '05.01.2026', end: '' })).toEqual({ dateStart: undefined, dateEnd: undefined });
  });

  it('starts unset and ends today in German time, also just after midnight there', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Berlin.
    expect(initialDayRange(new Date('2026-12-31T23:30:00Z'))).toEqual({ start: null, end: '2027-01-01' });
  });
});
