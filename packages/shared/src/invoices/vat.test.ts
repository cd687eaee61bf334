import { describe, expect, it } from 'vitest';
import { netOfGross, taxSummary } from './vat.js';

const plain = { smallBusiness: false };

describe('invoice tax summary', () => {
  it('exempts therapy lines under §4 Nr.14a UStG with the note', () => {
    expect(
      taxSummary(
        [
          { kind: 'therapy', amountCents: 10055 },
          { kind: 'therapy', amountCents: 9250 },
        ],
        plain,
      ),
    ).toEqual({
      totals: [{ group: 'exempt', ratePercent: 0, netCents: 19305, taxCents: 0, grossCents: 19305 }],
      netCents: 19305,
      taxCents: 0,
      grossCents: 19305,
      noteKeys: ['invoice.taxNote.medicalExemption'],
    });
    // §14 Abs.4 Nr.8 UStG: an exempt amount always names its reason, whatever the practice's setting.
    expect(taxSummary([{ kind: 'therapy', amountCents: 100 }], plain).noteKeys).toEqual([
      'invoice.taxNote.medicalExemption',
    ]);
  });

  it('adds 19 % on top of a coaching amount entered as net, rounded half up on the rate total', () => {
    const summary = taxSummary(
      [
        { kind: 'coaching', amountCents: 10000, tax: 'add' },
        { kind: 'therapy', amountCents: 10055 },
      ],
      plain,
    );
    expect(summary.totals).toEqual([
      { group: 'exempt', ratePercent: 0, netCents: 10055, taxCents: 0, grossCents: 10055 },
      { group: 'standard', ratePercent: 19, netCents: 10000, taxCents: 1900, grossCents: 11900 },
    ]);
    expect([summary.netCents, summary.taxCents, summary.grossCents]).toEqual([20055, 1900, 21955]);
  });

  it('rounds the tax once per rate, not per line', () => {
    // 3 × 0,50 €: per line 9.5 ct → 10 ct each (30 ct); on the total 150 × 19 % = 28.5 → 29 ct.
    const line = { kind: 'coaching', amountCents: 50, tax: 'add' } as const;
    expect(taxSummary([line, line, line], plain).totals[0]).toMatchObject({
      netCents: 150,
      taxCents: 29,
      grossCents: 179,
    });
    // 1 ct × 19 % = 0.19 → 0; 2 ct → 0.38 → 0; 3 ct → 0.57 → 1; 50 ct → 9.5 → 10 (exact half up).
    const tax = (cents: number) => taxSummary([{ kind: 'coaching', amountCents: cents, tax: 'add' }], plain).taxCents;
    expect([tax(1), tax(2), tax(3), tax(50), tax(5263), tax(5264)]).toEqual([0, 0, 1, 10, 1000, 1000]);
  });

  it('§12 Abs.1 UStG: a notax coaching amount of a practice liable to VAT is gross including 19 %', () => {
    const summary = taxSummary([{ kind: 'coaching', amountCents: 8000, tax: 'notax' }], plain);
    // 80,00 € / 1,19 = 67,2268… → 67,23 € net, 12,77 € VAT.
    expect(summary.totals).toEqual([
      { group: 'standard', ratePercent: 19, netCents: 6723, taxCents: 1277, grossCents: 8000 },
    ]);
    expect(summary.noteKeys).toEqual([]);
  });

  it('§14 Abs.4 Nr.8 UStG: adds net and gross entries of one rate without losing a cent of the gross', () => {
    const summary = taxSummary(
      [
        { kind: 'coaching', amountCents: 10000, tax: 'add' },
        { kind: 'coaching', amountCents: 11900, tax: 'notax' },
      ],
      plain,
    );
    expect(summary.totals).toEqual([
      { group: 'standard', ratePercent: 19, netCents: 20000, taxCents: 3800, grossCents: 23800 },
    ]);
  });

  it('takes the net out of a gross amount, rounded half up to the cent', () => {
    expect([netOfGross(10000, 19), netOfGross(119, 19), netOfGross(1, 19), netOfGross(0, 19)]).toEqual([
      8403, 100, 1, 0,
    ]);
    expect(netOfGross(500, 0)).toBe(500);
  });

  it('§19 UStG: a small business charges a notax coaching amount as entered and says so', () => {
    const summary = taxSummary([{ kind: 'coaching', amountCents: 8000, tax: 'notax' }], { smallBusiness: true });
    expect(summary.totals).toEqual([
      { group: 'untaxed', ratePercent: 0, netCents: 8000, taxCents: 0, grossCents: 8000 },
    ]);
    expect(summary.noteKeys).toEqual(['invoice.taxNote.smallBusiness']);
  });

  it('charges no VAT at all for a §19 small business and says so', () => {
    const summary = taxSummary(
      [
        { kind: 'coaching', amountCents: 10000, tax: 'add' },
        { kind: 'therapy', amountCents: 10055 },
      ],
      { smallBusiness: true },
    );
    expect(summary.totals.map((total) => [total.group, total.taxCents])).toEqual([
      ['exempt', 0],
      ['untaxed', 0],
    ]);
    expect(summary.grossCents).toBe(20055);
    expect(summary.noteKeys).toEqual(['invoice.taxNote.medicalExemption', 'invoice.taxNote.smallBusiness']);
  });

  it('refuses amounts that are not whole non-negative cents', () => {
    expect(() => taxSummary([{ kind: 'therapy', amountCents: 1.5 }], plain)).toThrow(RangeError);
    expect(() => taxSummary([{ kind: 'therapy', amountCents: -1 }], plain)).toThrow(RangeError);
  });
});
