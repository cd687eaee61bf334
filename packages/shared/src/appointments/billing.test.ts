import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MISSING,
  BILLING_HINT_TEXTS,
  billingHint,
  billingProblems,
  canInvoice,
  canMarkBillable,
  checkBilling,
  FEES_INCOMPLETE,
  hasEnded,
} from './billing.js';

const address = { street: 'Weg 1', postalCode: '10115', city: 'Berlin' };
const goae = (rate: string | null) => ({ codeValue: '870', incrementalRate: rate });
const coaching = { codeValue: null, incrementalRate: null };

describe('billing validity (spec §4.1)', () => {
  it('needs fee items, each GOÄ item with a rate; coaching items need none', () => {
    expect(checkBilling({ fees: [], client: address }).feesComplete).toBe(false);
    expect(checkBilling({ fees: [goae('2.3')], client: address }).feesComplete).toBe(true);
    expect(checkBilling({ fees: [goae('2.3'), goae(null)], client: address }).feesComplete).toBe(false);
    expect(checkBilling({ fees: [goae('')], client: address }).feesComplete).toBe(false);
    expect(checkBilling({ fees: [coaching], client: address }).feesComplete).toBe(true);
  });

  it('needs street, postal code and city of the client', () => {
    expect(checkBilling({ fees: [coaching], client: address }).addressComplete).toBe(true);
    expect(checkBilling({ fees: [coaching], client: null }).addressComplete).toBe(false);
    for (const field of ['street', 'postalCode', 'city'] as const) {
      expect(checkBilling({ fees: [coaching], client: { ...address, [field]: ' ' } }).addressComplete).toBe(false);
      expect(checkBilling({ fees: [coaching], client: { ...address, [field]: null } }).addressComplete).toBe(false);
    }
  });

  it('names the problems with the spec’s messages and gives the cell hints', () => {
    const none = { feesComplete: false, addressComplete: false };
    expect(billingProblems(none)).toEqual([FEES_INCOMPLETE, ADDRESS_MISSING]);
    expect(FEES_INCOMPLETE).toBe('Rechnungspositionen unvollständig.');
    expect(ADDRESS_MISSING).toBe('Adresse fehlt.');
    expect(BILLING_HINT_TEXTS[billingHint(none)]).toBe('Honorar und Adresse fehlen');
    expect(BILLING_HINT_TEXTS[billingHint({ feesComplete: false, addressComplete: true })]).toBe('Honorar fehlt');
    expect(BILLING_HINT_TEXTS[billingHint({ feesComplete: true, addressComplete: false })]).toBe('Adresse fehlt');
    expect(BILLING_HINT_TEXTS[billingHint({ feesComplete: true, addressComplete: true })]).toBe(
      'Bereit zur Abrechnung',
    );
  });

  it('lets a taken appointment become billable only when fees and address are complete', () => {
    expect(canMarkBillable('taken', { feesComplete: true, addressComplete: true })).toBe(true);
    expect(canMarkBillable('taken', { feesComplete: true, addressComplete: false })).toBe(false);
    expect(canMarkBillable('taken', { feesComplete: false, addressComplete: true })).toBe(false);
    expect(canMarkBillable('available', { feesComplete: true, addressComplete: true })).toBe(false);
    expect(canMarkBillable('billable', { feesComplete: true, addressComplete: true })).toBe(false);
  });

  it('invoices complete billable ones, and taken ones only without the billing approval step', () => {
    const complete = { feesComplete: true, addressComplete: true };
    expect(canInvoice('billable', complete, { hasBillingApproval: true })).toBe(true);
    expect(canInvoice('taken', complete, { hasBillingApproval: true })).toBe(false);
    expect(canInvoice('taken', complete, { hasBillingApproval: false })).toBe(true);
    expect(canInvoice('billable', { feesComplete: true, addressComplete: false }, { hasBillingApproval: false })).toBe(
      false,
    );
    expect(canInvoice('available', complete, { hasBillingApproval: false })).toBe(false);
    expect(canInvoice('billed', complete, { hasBillingApproval: false })).toBe(false);
  });
});

describe('hasEnded', () => {
  it('§14 Abs. 4 Nr. 6 UStG: a session is billable only once it has ended', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(hasEnded('2026-11-27T10:50:00+01:00', now)).toBe(true);
    expect(hasEnded('2026-11-27T11:00:00+01:00', now)).toBe(true);
    expect(hasEnded('2026-11-27T11:50:00+01:00', now)).toBe(false);
  });
});
