import type { AppointmentState } from './states.js';

/** Spec §4.1: the billing validity messages. */
export const FEES_INCOMPLETE = 'Rechnungspositionen unvollständig.';
export const ADDRESS_MISSING = 'Adresse fehlt.';

export type BillingFacts = {
  fees: readonly { codeValue: string | null; incrementalRate: string | number | null }[];
  client: { street: string | null; postalCode: string | null; city: string | null } | null;
};

export type BillingCheck = { feesComplete: boolean; addressComplete: boolean };

const isFilled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * Billing validity (spec §4.1): invoice items exist and each GOÄ item has a rate (coaching items need none); the
 * client's street, postal code and city are present.
 */
export function checkBilling(facts: BillingFacts): BillingCheck {
  const feesComplete =
    facts.fees.length > 0 &&
    facts.fees.every(
      (fee) => fee.codeValue === null || (fee.incrementalRate !== null && String(fee.incrementalRate).trim() !== ''),
    );
  const client = facts.client;
  const addressComplete =
    client !== null && isFilled(client.street) && isFilled(client.postalCode) && isFilled(client.city);
  return { feesComplete, addressComplete };
}

/** The reasons against billing, as the spec's messages, in its order. */
export function billingProblems(check: BillingCheck): string[] {
  return [...(check.feesComplete ? [] : [FEES_INCOMPLETE]), ...(check.addressComplete ? [] : [ADDRESS_MISSING])];
}

export type BillingHint = 'feesMissing' | 'addressMissing' | 'feesAndAddressMissing' | 'ready';

/** The calendar cell's hint (spec §2.2). */
export function billingHint(check: BillingCheck): BillingHint {
  if (!check.feesComplete && !check.addressComplete) return 'feesAndAddressMissing';
  if (!check.feesComplete) return 'feesMissing';
  if (!check.addressComplete) return 'addressMissing';
  return 'ready';
}

export const BILLING_HINT_TEXTS: Record<BillingHint, string> = {
  feesMissing: 'Honorar fehlt',
  addressMissing: 'Adresse fehlt',
  feesAndAddressMissing: 'Honorar und Adresse fehlen',
  ready: 'Bereit zur Abrechnung',
};

/** Whether the invoice data is complete: fee items and the client's address (the calendar's check icon). */
export const isBillingComplete = (check: BillingCheck) => check.feesComplete && check.addressComplete;

/**
 * Whether a taken appointment may be marked billable (spec §4.1): only when its data is complete, so that a
 * billable appointment is always one the invoice can be made from.
 */
/**
 * §14 Abs. 4 Nr. 6 UStG: a service is billed once it was performed; an appointment that has not ended is not billable
 * (the server refuses it too). `end` is the appointment's end as the API sends it.
 */
export const hasEnded = (end: string, now: Date = new Date()) => new Date(end).getTime() <= now.getTime();

export function canMarkBillable(state: AppointmentState, check: BillingCheck): boolean {
  return state === 'taken' && isBillingComplete(check);
}

/**
 * Whether an appointment may be invoiced (spec §4.1): complete, and billable — or, when the therapist has no billing
 * approval step, already when taken.
 */
export function canInvoice(
  state: AppointmentState,
  check: BillingCheck,
  options: { hasBillingApproval: boolean },
): boolean {
  if (!isBillingComplete(check)) return false;
  return state === 'billable' || (state === 'taken' && !options.hasBillingApproval);
}
