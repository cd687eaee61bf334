import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { optionalText, plainText } from '../common/fields.js';
import { ValidationKey as V } from '../errors.js';

/** Whitespace goes, letters become upper case: 'de89 3704 0044 …' is stored as 'DE89370400440532013000'. */
const compactUpper = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * The practice's IBAN for the invoices' payment details and GiroCode, stored in the electronic format. Checked with
 * the ISO 13616 checksum and the country's length and pattern, so a typo never reaches a printed invoice. Empty is none.
 */
export const optionalIbanField = plainText()
  .trim()
  .max(50, V.iban)
  .nullish()
  .transform((value) => (value ? (electronicFormatIBAN(compactUpper(value)) ?? '') : null))
  .refine((value) => value === null || isValidIBAN(value), V.iban);

/** The BIC (ISO 9362: 8 or 11 characters with a real country code); optional, since SEPA needs none inside the EU. */
export const optionalBicField = plainText()
  .trim()
  .max(20, V.bic)
  .nullish()
  .transform((value) => (value ? compactUpper(value) : null))
  .refine((value) => value === null || isValidBIC(value), V.bic);

/** The account holder as the GiroCode carries it (EPC069-12: the beneficiary's name, at most 70 characters). */
export const optionalAccountHolderField = optionalText(70);
