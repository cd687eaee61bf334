/**
 * GOÄ arithmetic in whole numbers (no floating point): the point value is 5.82873 ct, so one point at factor 1.00 is
 * 582873 units of 1e-5 ct, and a rate is held as hundredths (2.30 → 230).
 */
export const POINT_VALUE_MICRO_CENTS = 582_873n;
/** The default rate of the patient form (spec people §9: 2,3), in hundredths. */
export const DEFAULT_RATE_HUNDREDTHS = 230;
/** The title a new coaching entry starts with (spec foundations, constants). */
export const DEFAULT_COACHING_TITLE = '50 min Coaching';
/** A coaching entry has no GOÄ factor; its rate is 1 (spec appointments §5: reset to 1 for coaching). */
export const COACHING_RATE_HUNDREDTHS = 100;
/** Codes shown by code only in labels (spec people §3). */
export const CODE_ONLY_LABELS = ['804a', '807a', '812a', '817a', '855a'] as const;

/** Divides and rounds half up (amounts are never negative). */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** The fee of `points` at a rate in hundredths, in cents, rounded half up (points × 5.82873 ct × rate). */
export function feeAmountCents(points: number, rateHundredths = 100): number {
  return divideHalfUp(BigInt(points) * POINT_VALUE_MICRO_CENTS * BigInt(rateHundredths), 100_000n * 100n);
}

/** '2.3', '2,30', 3 → 230; null when not a rate with at most two decimals. */
export function parseRate(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * Whether a typed rate can be billed: a rate of at least 1 and at most the item's maximum, in hundredths (GOÄ §5:
 * 3,5 for personal services, 2,5 for section A items; the catalogue names it per item).
 */
export function isRateWithin(value: string, maxHundredths: number): boolean {
  const rate = parseRate(value);
  return rate !== null && rate >= 100 && rate <= maxHundredths;
}

/** 230 → '2.3', 300 → '3', 225 → '2.25': the wire form, trailing zeros stripped. */
export function formatRateWire(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** 230 → '2,3': the UI form with a decimal comma. */
export const formatRateUi = (hundredths: number) => formatRateWire(hundredths).replace('.', ',');

/** Euros as the UI and the wire write them ('12,50', '12.5', 12.5) → cents; null when not an amount. */
export function parseEuroCents(value: string | number): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim().replace(',', '.');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Cents → euros on the wire (12.5). */
export const centsToEuros = (cents: number) => cents / 100;

/** 123456 → '1.234,56 €'. */
export function formatEuro(cents: number): string {
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** The catalogue label of an item at a rate: 'code, title, amount × rate'; analog codes by code only. */
export function feeItemLabel(item: { codeValue: string; title: string; points: number }, rateHundredths = 100): string {
  if ((CODE_ONLY_LABELS as readonly string[]).includes(item.codeValue)) return item.codeValue;
  const perUnit = formatEuro(feeAmountCents(item.points));
  return `${item.codeValue}, ${item.title}, ${perUnit} × ${formatRateUi(rateHundredths)} = ${formatEuro(feeAmountCents(item.points, rateHundredths))}`;
}
