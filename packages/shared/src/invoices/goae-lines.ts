import { feeAmountCents, parseRate } from '../records/fees.js';

/** A factor range in hundredths: from 1,0 (§5 Abs.1 GOÄ: 'das Einfache') up to the maximum; above the threshold needs a reason. */
export type FactorRange = { minHundredths: number; thresholdHundredths: number; maxHundredths: number };

/** §5 Abs.2 GOÄ: personal medical services 1,0–3,5, threshold 2,3. */
export const PERSONAL_SERVICE_RANGE: FactorRange = { minHundredths: 100, thresholdHundredths: 230, maxHundredths: 350 };
/** §5 Abs.3 GOÄ: the services of section A of the schedule 1,0–2,5, threshold 1,8. */
export const SECTION_A_RANGE: FactorRange = { minHundredths: 100, thresholdHundredths: 180, maxHundredths: 250 };
/** Surcharges and writing fees may only be charged at the single rate (section B V/VI, Nr. 95/96). */
export const SINGLE_RATE_RANGE: FactorRange = { minHundredths: 100, thresholdHundredths: 100, maxHundredths: 100 };

/**
 * Items of sections B and G that section A lists (GOÄ Anlage, Abschnitt A), so §5 Abs.3 applies; 855a is billed
 * at 855 (2024 analog recommendations). The catalogue rows carry the same ranges (migration 0005); this list serves
 * where only a code is known.
 */
export const SECTION_A_CODES: readonly string[] = ['2', '56', '855', '856', '857', '855a'];
export const SINGLE_RATE_CODES: readonly string[] = [
  'A',
  'B',
  'C',
  'D',
  'K 1',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K 2',
  '95',
  '96',
];

/** The factor range of a code of sections B and G. */
export function factorRangeOf(codeValue: string): FactorRange {
  if (SINGLE_RATE_CODES.includes(codeValue)) return SINGLE_RATE_RANGE;
  if (SECTION_A_CODES.includes(codeValue)) return SECTION_A_RANGE;
  return PERSONAL_SERVICE_RANGE;
}

/**
 * A catalogue row as the API stores it (fee_schedule_items). Analog rows (804a, 812a, … — 827a is a genuine number)
 * have a referenceCode and carry the reference item's points, ranges and title.
 */
export type GoaeCatalogueItem = {
  codeValue: string;
  title: string;
  points: number;
  thresholdFactor: string | number;
  maxFactor: string | number;
  referenceCode: string | null;
};

/** A fee agreement under §2 GOÄ as recorded on the patient: the day it was signed and the factor agreed. */
export type FeeAgreement = { date: string; factorHundredths: number };

/**
 * The factor a signed fee agreement allows for an item on a service date, or null when it does not apply: §2 Abs.3
 * GOÄ rules it out for the services of section A (and the single-rate surcharges have no range to go above), and §2
 * Abs.2 asks for it before the service (a saved default, without a date, is checked again when billed).
 */
export function agreedMaximum(
  item: Pick<GoaeCatalogueItem, 'codeValue' | 'referenceCode'>,
  agreement: FeeAgreement | null | undefined,
  serviceDate: string | null = null,
): number | null {
  if (!agreement) return null;
  const codes = [item.codeValue, item.referenceCode].filter((code): code is string => Boolean(code));
  if (codes.some((code) => SECTION_A_CODES.includes(code) || SINGLE_RATE_CODES.includes(code))) return null;
  if (serviceDate !== null && agreement.date > serviceDate) return null;
  return agreement.factorHundredths;
}

export type GoaeFeeEntry = { codeValue: string; alternativeTitle: string | null; rateHundredths: number };

export type GoaeLine = {
  codeValue: string;
  /** §12 Abs.2 Nr.2 GOÄ: the service's name; for analog numbers followed by the 'entsprechend' note (§12 Abs.4). */
  description: string;
  /** 'entsprechend Nr. 870 Verhaltenstherapie, …' for analog numbers, else null. */
  equivalentTo: string | null;
  points: number;
  rateHundredths: number;
  amountCents: number;
  /** §12 Abs.3 GOÄ: the written reason for a factor above the threshold, else null. */
  justification: string | null;
  /** §2 GOÄ: the day of the fee agreement a factor above the maximum rests on, else null. */
  feeAgreementDate: string | null;
};

export type GoaeLineError = 'rateBelowMinimum' | 'rateAboveMaximum' | 'justificationMissing' | 'analogTitleMissing';
export type GoaeLineResult = { ok: true; line: GoaeLine } | { ok: false; codeValue: string; error: GoaeLineError };

/** The catalogue row's range; falls back to the documented code lists when a factor does not parse. */
function rangeOfItem(item: GoaeCatalogueItem): FactorRange {
  const threshold = parseRate(item.thresholdFactor);
  const max = parseRate(item.maxFactor);
  if (threshold === null || max === null) return factorRangeOf(item.codeValue);
  return { minHundredths: 100, thresholdHundredths: threshold, maxHundredths: max };
}

/**
 * One invoice line per GOÄ fee entry: points × 5,82873 ct × factor rounded half-up once per line (§5 Abs.1).
 * Above the maximum only up to the factor of the patient's signed fee agreement made beforehand (§2), never for
 * section A items.
 */
export function goaeLine(
  fee: GoaeFeeEntry,
  item: GoaeCatalogueItem,
  justification: string | null,
  agreement: { agreement: FeeAgreement | null; serviceDate: string | null } = { agreement: null, serviceDate: null },
): GoaeLineResult {
  const range = rangeOfItem(item);
  const fail = (error: GoaeLineError): GoaeLineResult => ({ ok: false, codeValue: fee.codeValue, error });
  if (fee.rateHundredths < range.minHundredths) return fail('rateBelowMinimum');
  const aboveMaximum = fee.rateHundredths > range.maxHundredths;
  const agreed = aboveMaximum ? agreedMaximum(item, agreement.agreement, agreement.serviceDate) : null;
  if (aboveMaximum && (agreed === null || fee.rateHundredths > agreed)) return fail('rateAboveMaximum');
  const needsReason = fee.rateHundredths > range.thresholdHundredths;
  const reason = justification?.trim() || null;
  if (needsReason && reason === null) return fail('justificationMissing');
  const ownName = fee.alternativeTitle?.trim() || null;
  // §6 Abs.2, §12 Abs.4 GOÄ: an analog number names the service actually performed, then the item it is billed as.
  if (item.referenceCode && ownName === null) return fail('analogTitleMissing');
  const equivalentTo = item.referenceCode ? `entsprechend Nr. ${item.referenceCode} ${item.title}` : null;
  const description = equivalentTo ? `${ownName} ${equivalentTo}` : (ownName ?? item.title);
  return {
    ok: true,
    line: {
      codeValue: fee.codeValue,
      description,
      equivalentTo,
      points: item.points,
      rateHundredths: fee.rateHundredths,
      amountCents: feeAmountCents(item.points, fee.rateHundredths),
      justification: needsReason ? reason : null,
      feeAgreementDate: aboveMaximum ? (agreement.agreement?.date ?? null) : null,
    },
  };
}
