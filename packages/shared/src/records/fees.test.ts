import { describe, expect, it } from 'vitest';
import {
  feeAmountCents,
  feeItemLabel,
  formatEuro,
  formatRateUi,
  formatRateWire,
  isRateWithin,
  parseEuroCents,
  parseRate,
} from './fees.js';

describe('GOÄ arithmetic', () => {
  it('computes points × 5.82873 ct × rate in whole numbers, rounded half up', () => {
    expect(feeAmountCents(750)).toBe(4372); // 4371.5475 ct
    expect(feeAmountCents(750, 230)).toBe(10055); // 10054.559 ct: GOÄ 870 at 2,3 = 100,55 €
    expect(feeAmountCents(150, 230)).toBe(2011); // 2010.91 ct
    expect(feeAmountCents(200, 100)).toBe(1166); // 1165.746 ct
    expect(feeAmountCents(1000)).toBe(5829); // 5828.73 ct
    // Exactly half a cent rounds up: 500 points at 1,5 → 4371.5475 ct is below half; 20 points at 2,5 = 291.4365 ct.
    expect(feeAmountCents(20, 250)).toBe(291);
  });

  it('parses rates with comma or point into hundredths', () => {
    expect(isRateWithin('3,5', 350)).toBe(true);
    expect(isRateWithin('3,6', 350)).toBe(false);
    expect(isRateWithin('0,9', 350)).toBe(false);
    expect(isRateWithin('zwei', 350)).toBe(false);
    expect(parseRate('2,3')).toBe(230);
    expect(parseRate('3.0')).toBe(300);
    expect(parseRate(3.5)).toBe(350);
    expect(parseRate('2,25')).toBe(225);
    expect(parseRate('2,345')).toBeNull();
    expect(parseRate('abc')).toBeNull();
    expect(parseRate('')).toBeNull();
  });

  it('writes rates with trailing zeros stripped: point on the wire, comma in the UI', () => {
    expect(formatRateWire(300)).toBe('3');
    expect(formatRateWire(230)).toBe('2.3');
    expect(formatRateWire(225)).toBe('2.25');
    expect(formatRateWire(105)).toBe('1.05');
    expect(formatRateUi(230)).toBe('2,3');
    expect(formatRateUi(300)).toBe('3');
  });

  it('parses euro amounts to cents and formats them German', () => {
    expect(parseEuroCents('89,50')).toBe(8950);
    expect(parseEuroCents('12.5')).toBe(1250);
    expect(parseEuroCents(40)).toBe(4000);
    expect(parseEuroCents('zehn')).toBeNull();
    expect(formatEuro(123456).replace(/\s/g, ' ')).toBe('1.234,56 €');
  });

  it('labels items with code, title and amount × rate; analog codes by code only', () => {
    const label = feeItemLabel({ codeValue: '870', title: 'Verhaltenstherapie', points: 750 }, 300).replace(/\s/g, ' ');
    expect(label).toBe('870, Verhaltenstherapie, 43,72 € × 3 = 131,15 €');
    expect(feeItemLabel({ codeValue: '804a', title: 'Psychiatrische Behandlung', points: 150 }, 230)).toBe('804a');
  });
});
