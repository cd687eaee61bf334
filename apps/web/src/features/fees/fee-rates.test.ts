import type { FeeCatalogueItem } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import { goaeEntryOf, maxRateOf } from './fee-rates';

const item = (change: Partial<FeeCatalogueItem> = {}): FeeCatalogueItem => ({
  codeValue: '870',
  title: 'Verhaltenstherapie, Einzelbehandlung',
  titleShort: 'Verhaltenstherapie',
  amount: 43.72,
  points: 750,
  maxFactor: '3.5',
  ...change,
});

describe('fee rates', () => {
  it('takes the highest rate from the catalogue, else 3,5', () => {
    expect(maxRateOf(item({ maxFactor: '2.5' }))).toBe(250);
    expect(maxRateOf(item({ maxFactor: 'none' }))).toBe(350);
    expect(maxRateOf(null)).toBe(350);
    expect(maxRateOf(undefined)).toBe(350);
  });

  it('starts a picked item at 2,3 under its short title, or its title when it has none', () => {
    expect(goaeEntryOf(item())).toEqual({
      codeValue: '870',
      alternativeTitle: 'Verhaltenstherapie',
      rate: '2,3',
      maxRate: 350,
    });
    expect(goaeEntryOf(item({ titleShort: '' })).alternativeTitle).toBe('Verhaltenstherapie, Einzelbehandlung');
  });
});
