/**
 * What a payer may write before the invoice number: "Rechnung 2026004", "RE 2026004", "Re.-Nr. 2026-004",
 * "Rechnungsnummer: 2026/004", "Rg. 2026004", "Invoice no. 2026004".
 */
const AFTER_KEYWORD =
  /(?<![\p{L}\d])(?:rechnungs?(?:nummer|nr)?|re|rg|rgnr|renr|invoice|inv)(?:[\s.:#-]*(?:nr|nummer|no)\b)?[\s.:#-]*(\d+(?:[-/]\d+)*)(?![\d]|[.,]\d)/giu;
/** A number on its own, not part of a date, an amount or an IBAN: at least four digits. */
const STANDALONE = /(?<![\p{L}\d.,/-])(\d+(?:[-/]\d+)*)(?![\p{L}\d]|[.,]\d)/gu;

const normalise = (digits: string) => digits.replace(/\D/g, '').replace(/^0+(?=\d)/, '');

/**
 * The invoice numbers a payment's reference text may name, as digits without separators ("2026-004" → "2026004").
 * Numbers after a word such as "Rechnung" win; only without one do standalone numbers of four digits or more count.
 * The caller takes a number only when exactly one invoice of the practice carries it.
 */
export function invoiceNumbersInReference(reference: string): string[] {
  const afterKeyword = [...reference.matchAll(AFTER_KEYWORD)].map((match) => normalise(match[1] ?? ''));
  const found = afterKeyword.length
    ? afterKeyword
    : [...reference.matchAll(STANDALONE)].map((match) => normalise(match[1] ?? '')).filter((n) => n.length >= 4);
  return [...new Set(found.filter((number) => number.length > 0 && number.length <= 9))];
}
