import { describe, expect, it } from 'vitest';
import { formatEuro } from './format';

describe('formatEuro', () => {
  it('writes German amounts with comma decimals, thousands dots and a trailing euro sign', () => {
    expect(formatEuro(3499)).toBe('34,99 €');
    expect(formatEuro(123456)).toBe('1.234,56 €');
    expect(formatEuro(500, 'de')).toBe('5,00 €');
  });

  it('writes English amounts with the sign first', () => {
    expect(formatEuro(3499, 'en')).toBe('€34.99');
  });
});
