import type { FeeCatalogueItem } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { goaeEntryOf, isRateAboveThreshold, maxRateOf, thresholdRateOf } from './fee-rates';

const item = (change: Partial<FeeCatalogueItem> = {}): FeeCatalogueItem => ({
  codeValue: '870',
  title: 'Verhaltenstherapie, Einzelbehandlung',
  titleShort: 'Verhaltenstherapie',
  amount: 43.72,
  points: 750,
  maxFactor: '3.5',
  thresholdFactor: '2.3',
  ...change,
});

describe('fee rates', () => {
  it('takes the highest rate from the catalogue, else 3,5', () => {
    expect(maxRateOf(item({ maxFactor: '2.5' }))).toBe(250);
    expect(maxRateOf(item({ maxFactor: 'none' }))).toBe(350);
    expect(maxRateOf(null)).toBe(350);
    expect(maxRateOf(undefined)).toBe(350);
  });

  it('needs a justification above the item’s threshold: 2,3, or 1,8 for technical items such as 855', () => {
    expect(thresholdRateOf(item())).toBe(230);
    expect(thresholdRateOf(item({ thresholdFactor: '1.8' }))).toBe(180);
    expect(thresholdRateOf(null)).toBe(230);
    expect(isRateAboveThreshold('2,3', item())).toBe(false);
    expect(isRateAboveThreshold('2,4', item())).toBe(true);
    expect(isRateAboveThreshold('2,0', item({ codeValue: '855', thresholdFactor: '1.8' }))).toBe(true);
    expect(isRateAboveThreshold('3,', item())).toBe(false);
  });

  it('starts a picked item at 2,3 under its short title, or its title when it has none', () => {
    expect(goaeEntryOf(item())).toEqual({
      codeValue: '870',
      alternativeTitle: 'Verhaltenstherapie',
      rate: '2,3',
    });
    expect(goaeEntryOf(item({ titleShort: '' })).alternativeTitle).toBe('Verhaltenstherapie, Einzelbehandlung');
  });
});
