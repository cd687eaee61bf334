import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { PHONE_CHARACTERS, PHONE_MAX_LENGTH } from '../constants.js';
import { ValidationKey as V } from '../errors.js';
import { plainText } from './fields.js';

// Its own module: the number metadata is large, and only forms with a phone field should carry it.

/**
 * A phone number as people write it ('030 1234567', '+49 30 1234567', '0151 23456789'); numbers without a country
 * prefix are German. Stored normalised as E.164 ('+49301234567') so one number is always written one way.
 */
export function normalisePhoneNumber(value: string): string | null {
  // The parser would pick a number out of any text ('030 123 abc'); only what people put between digits passes.
  if (!PHONE_CHARACTERS.test(value)) return null;
  const parsed = parsePhoneNumberFromString(value, 'DE');
  return parsed?.isValid() ? parsed.number : null;
}

/** A stored number as people read it: German ones nationally ('030 12345678'), others internationally. */
export function formatPhoneNumber(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === 'DE' ? parsed.formatNational() : parsed.formatInternational();
}

function toE164(value: string, context: z.RefinementCtx): string {
  const normalised = normalisePhoneNumber(value);
  if (normalised) return normalised;
  context.addIssue({ code: 'custom', message: V.phone });
  return z.NEVER;
}

/** A required phone number, normalised to E.164. */
export const phoneField = plainText(V.required)
  .trim()
  // abort: an empty field reports only that it is required.
  .min(1, { message: V.required, abort: true })
  .max(PHONE_MAX_LENGTH, V.phone)
  .transform(toE164);

/** An optional phone number: empty becomes null, anything else must be a valid number (stored as E.164). */
export const optionalPhoneField = plainText()
  .trim()
  .max(PHONE_MAX_LENGTH, V.phone)
  .nullish()
  .transform((value, context) => (value ? toE164(value, context) : null));
