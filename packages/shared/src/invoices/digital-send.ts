import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { type DIGITAL_SEND_AVAILABILITY, INVOICE_SEND_LIMIT } from './invoice-schemas.js';

// Its own module, imported by path and not from the package index: telling mobile numbers from fixed lines needs
// libphonenumber's full metadata, which the web's bundles should not carry.

export type DigitalSendAvailability = (typeof DIGITAL_SEND_AVAILABILITY)[number];

/** Whether a stored number (E.164, or national in its country) reaches a mobile phone that can receive the code. */
export function isMobilePhoneNumber(phone: string | null, phoneCountry = 'DE'): boolean {
  if (!phone) return false;
  const parsed = parsePhoneNumberFromString(phone, phoneCountry as Parameters<typeof parsePhoneNumberFromString>[1]);
  if (!parsed?.isValid()) return false;
  const type = parsed.getType();
  // FIXED_LINE_OR_MOBILE: some countries (e.g. the US) do not tell the two apart by number; the SMS may reach it.
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/**
 * Spec §3 digitalSendAvailability, checked in this order: the patient's wish for post only, then a mobile number
 * for the SMS code, then the send limit of the document.
 */
export function digitalSendAvailability(input: {
  invoiceDigital: 'yes' | 'no';
  phone: string | null;
  phoneCountry?: string;
  sendCount: number;
}): DigitalSendAvailability {
  if (input.invoiceDigital === 'no') return 'no digital';
  if (!isMobilePhoneNumber(input.phone, input.phoneCountry)) return 'not mobile';
  if (input.sendCount >= INVOICE_SEND_LIMIT) return 'limit exceeded';
  return 'yes';
}
