// The 'mobile' metadata knows number types (the 'min' build of phone.ts does not), which this rule needs.

import type { CountryCode } from 'libphonenumber-js/mobile';
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { type DIGITAL_SEND_AVAILABILITY, INVOICE_SEND_LIMIT } from './invoice-schemas.js';

export type DigitalSendAvailability = (typeof DIGITAL_SEND_AVAILABILITY)[number];

export type DigitalSendFacts = {
  /** The patient's invoiceDigital setting. */
  invoiceDigital: 'yes' | 'no';
  phone: string | null;
  /** The phone number's country (ISO 3166), used when the number has no international prefix. */
  phoneCountry?: string | null;
  /** Digital sends of this document so far. */
  sendCount: number;
};

/** Whether the number can receive the SMS code: libphonenumber type MOBILE, or FIXED_LINE_OR_MOBILE (e.g. US). */
export function isMobileNumber(phone: string | null, country?: string | null): boolean {
  if (!phone?.trim()) return false;
  const parsed = parsePhoneNumberFromString(phone, (country || 'DE') as CountryCode);
  if (!parsed?.isValid()) return false;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/**
 * Spec §3: whether an invoice or notice can go out by e-mail with an SMS code. The checks run in the spec's order, so
 * the patient's wish for paper wins over a missing mobile number, and both over the send limit.
 */
export function digitalSendAvailability(facts: DigitalSendFacts): DigitalSendAvailability {
  if (facts.invoiceDigital === 'no') return 'no digital';
  if (!isMobileNumber(facts.phone, facts.phoneCountry)) return 'not mobile';
  if (facts.sendCount >= INVOICE_SEND_LIMIT) return 'limit exceeded';
  return 'yes';
}
