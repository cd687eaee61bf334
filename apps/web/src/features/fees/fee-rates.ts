import {
  agreedMaximum,
  DEFAULT_RATE_HUNDREDTHS,
  type FeeCatalogueItem,
  formatRateUi,
  isRateWithin,
  needsJustification,
  parseRate,
} from '@praxia/shared';
import { useTranslation } from 'react-i18next';

/** For an item the catalogue does not name: GOÄ §5's highest rate for personal services (3,5). */
const FALLBACK_MAX_RATE_HUNDREDTHS = 350;

/**
 * The highest rate an item may be billed at, in hundredths: the catalogue's maximum, or the factor of the patient's
 * signed fee agreement where §2 GOÄ lets it apply (never section A items).
 */
export function maxRateOf(
  item: Pick<FeeCatalogueItem, 'maxFactor' | 'codeValue'> | null | undefined,
  agreedFactor: number | null = null,
): number {
  const maximum = item ? (parseRate(item.maxFactor) ?? FALLBACK_MAX_RATE_HUNDREDTHS) : FALLBACK_MAX_RATE_HUNDREDTHS;
  const agreement = agreedFactor === null ? null : { date: '', factorHundredths: agreedFactor };
  const agreed = item ? agreedMaximum({ codeValue: item.codeValue, referenceCode: null }, agreement) : null;
  return agreed === null ? maximum : Math.max(maximum, agreed);
}

/** The highest rate an item may be billed at without a justification, in hundredths (2,3; 1,8 for section A). */
export const thresholdRateOf = (item: Pick<FeeCatalogueItem, 'thresholdFactor'> | null | undefined) =>
  (item && parseRate(item.thresholdFactor)) ?? DEFAULT_RATE_HUNDREDTHS;

/** Whether a typed rate is one the item bills only with a justification (an unreadable rate is not). */
export function isRateAboveThreshold(rate: string, item: Pick<FeeCatalogueItem, 'thresholdFactor'> | null | undefined) {
  const hundredths = parseRate(rate);
  return hundredths !== null && needsJustification(hundredths, thresholdRateOf(item));
}

/**
 * A GOÄ entry as picked from the catalogue, the same for the patient's defaults and the appointment: the catalogue's
 * short title (the practice may word it for its invoices) at the default rate, written as the interface writes it.
 */
export const goaeEntryOf = (item: FeeCatalogueItem) => ({
  codeValue: item.codeValue,
  alternativeTitle: item.titleShort || item.title,
  rate: formatRateUi(DEFAULT_RATE_HUNDREDTHS),
});

/**
 * Why a typed rate cannot be billed (spec appointments §5, people §5: a positive rate, here also within the item's
 * maximum), or null when it can: checked before anything is sent.
 */
export function useRateRefusal() {
  const { t } = useTranslation();
  return (rate: string, maxHundredths: number): string | null =>
    isRateWithin(rate, maxHundredths) ? null : t('fees.rateInvalid', { max: formatRateUi(maxHundredths) });
}
