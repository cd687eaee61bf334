import { describe, expect, it } from 'vitest';
import { parseRate } from '../records/fees.js';
import catalogue from './goae-b-g.fixture.json';
import { agreedMaximum, factorRangeOf, type GoaeCatalogueItem, goaeLine } from './goae-lines.js';

const item = (code: string, points: number, threshold = '2.30', max = '3.50', referenceCode: string | null = null) =>
  ({
    codeValue: code,
    title: `Titel ${code}`,
    points,
    thresholdFactor: threshold,
    maxFactor: max,
    referenceCode,
  }) as const;
const fee = (codeValue: string, rateHundredths: number, alternativeTitle: string | null = null) => ({
  codeValue,
  alternativeTitle,
  rateHundredths,
});
const REASON = 'Aufgrund des erhöhten Zeitaufwands wird der angegebene Steigerungssatz veranschlagt.';

function amountOf(result: ReturnType<typeof goaeLine>): number {
  if (!result.ok) throw new Error(result.error);
  return result.line.amountCents;
}

describe('GOÄ lines over the whole catalogue of sections B and G', () => {
  const rows = catalogue.items;
  it('holds all 101 items', () => expect(rows).toHaveLength(101));

  it.each(rows)('Nr. $code: the range of the CSV, and the single, threshold and maximum amounts', (row) => {
    const range = factorRangeOf(row.code);
    expect([range.thresholdHundredths, range.maxHundredths]).toEqual([parseRate(row.threshold), parseRate(row.max)]);
    const catalogueItem: GoaeCatalogueItem = {
      codeValue: row.code,
      title: row.code,
      points: row.points,
      thresholdFactor: row.threshold,
      maxFactor: row.max,
      referenceCode: null,
    };
    const at = (rate: number) => amountOf(goaeLine(fee(row.code, rate), catalogueItem, REASON));
    expect(at(100)).toBe(row.singleCents);
    expect(at(range.thresholdHundredths)).toBe(row.thresholdCents);
    expect(at(range.maxHundredths)).toBe(row.maxCents);
    expect(goaeLine(fee(row.code, range.maxHundredths + 1), catalogueItem, REASON)).toEqual({
      ok: false,
      codeValue: row.code,
      error: 'rateAboveMaximum',
    });
  });
});

describe('GOÄ line', () => {
  it('computes Nr. 870 at 2,3 as 100,55 € without a justification', () => {
    const result = goaeLine(fee('870', 230), item('870', 750), null);
    expect(result).toEqual({
      ok: true,
      line: {
        codeValue: '870',
        description: 'Titel 870',
        equivalentTo: null,
        points: 750,
        rateHundredths: 230,
        amountCents: 10055,
        justification: null,
        feeAgreementDate: null,
      },
    });
  });

  it('rounds half up once per line, not per point', () => {
    // 1 point × 5,82873 ct = 5.82873 → 6; 3 points at 1,0 = 17.48619 → 17 (not 3 × 6 = 18).
    expect(amountOf(goaeLine(fee('x', 100), item('x', 1), null))).toBe(6);
    expect(amountOf(goaeLine(fee('x', 100), item('x', 3), null))).toBe(17);
    // 20 points at 2,5 = 291.4365 ct → 291; 40 points at 2,3 = 536.24316 → 536; 6 points at 2,0 = 69.94476 → 70.
    expect(amountOf(goaeLine(fee('x', 250), item('x', 20), REASON))).toBe(291);
    expect(amountOf(goaeLine(fee('x', 230), item('x', 40), null))).toBe(536);
    expect(amountOf(goaeLine(fee('x', 200), item('x', 6), null))).toBe(70);
  });

  it('rounds at the half-cent edge by the exact product, never by a float', () => {
    // points × 582873 × rate is never an exact half cent within 1–3,5 and up to 1000 points (that needs a multiple of
    // 5·10^6 in points × rate), so the edges are the nearest ones on either side.
    expect(amountOf(goaeLine(fee('x', 181), item('x', 10), null))).toBe(106); // 105.500013 ct
    expect(amountOf(goaeLine(fee('x', 281), item('x', 268), REASON))).toBe(4389); // 4389.4999884 ct
    expect(amountOf(goaeLine(fee('x', 346), item('x', 451), REASON))).toBe(9096); // 9095.5000158 ct
  });

  it('carries the entry’s justification above the threshold (§12 Abs.3) and refuses without one', () => {
    const above = goaeLine(fee('861', 300), item('861', 690), REASON);
    expect(above.ok && above.line.justification).toBe(REASON);
    expect(above.ok && above.line.amountCents).toBe(12065); // 690 × 5,82873 × 3,0 = 12065.4711
    expect(goaeLine(fee('861', 300), item('861', 690), '   ')).toEqual({
      ok: false,
      codeValue: '861',
      error: 'justificationMissing',
    });
    // At the threshold a reason is neither needed nor printed.
    const atThreshold = goaeLine(fee('861', 230), item('861', 690), REASON);
    expect(atThreshold.ok && atThreshold.line.justification).toBeNull();
  });

  it('applies the section A range of the catalogue row: 1,8 threshold, 2,5 maximum', () => {
    const test = item('855', 722, '1.80', '2.50');
    expect(goaeLine(fee('855', 190), test, null)).toMatchObject({ ok: false, error: 'justificationMissing' });
    expect(goaeLine(fee('855', 251), test, REASON)).toMatchObject({ ok: false, error: 'rateAboveMaximum' });
    expect(amountOf(goaeLine(fee('855', 250), test, REASON))).toBe(10521);
  });

  it('allows surcharges only at the single rate and refuses rates below 1,0', () => {
    expect(goaeLine(fee('D', 110), item('D', 220, '1.00', '1.00'), REASON)).toMatchObject({
      ok: false,
      error: 'rateAboveMaximum',
    });
    expect(goaeLine(fee('870', 99), item('870', 750), null)).toMatchObject({ ok: false, error: 'rateBelowMinimum' });
  });

  it('bills analog numbers at the reference item and marks them "entsprechend" (§6 Abs.2, §12 Abs.4)', () => {
    const analog = { ...item('870a', 750, '2.30', '3.50', '870'), title: 'Verhaltenstherapie, Einzelbehandlung' };
    const named = goaeLine(fee('870a', 230, 'Verhaltenstherapie, 50 Minuten'), analog, null);
    expect(named).toMatchObject({
      ok: true,
      line: {
        codeValue: '870a',
        amountCents: 10055,
        equivalentTo: 'entsprechend Nr. 870 Verhaltenstherapie, Einzelbehandlung',
        description: 'Verhaltenstherapie, 50 Minuten entsprechend Nr. 870 Verhaltenstherapie, Einzelbehandlung',
      },
    });
    // §6 Abs.2 GOÄ: without the service performed as its own title an analog line is refused.
    expect(goaeLine(fee('870a', 230), analog, null)).toEqual({
      ok: false,
      codeValue: '870a',
      error: 'analogTitleMissing',
    });
    expect(goaeLine(fee('870a', 230, '  '), analog, null)).toMatchObject({ ok: false, error: 'analogTitleMissing' });
    // 827a is a genuine GOÄ number, not an analog one: no reference, no note.
    const genuine = goaeLine(fee('827a', 100), item('827a', 950), null);
    expect(genuine.ok && genuine.line.equivalentTo).toBeNull();
  });

  it('gives analog numbers the range of their reference item (855a as section A)', () => {
    expect(factorRangeOf('855a')).toEqual(factorRangeOf('855'));
    expect(factorRangeOf('855a').maxHundredths).toBe(250);
    for (const code of ['801a', '804a', '807a', '812a', '817a', '860a', '870a', '85a']) {
      expect(factorRangeOf(code)).toEqual({ minHundredths: 100, thresholdHundredths: 230, maxHundredths: 350 });
    }
  });

  it('uses the alternative title for ordinary items', () => {
    const result = goaeLine(fee('870', 230, 'Verhaltenstherapie'), item('870', 750), null);
    expect(result.ok && result.line.description).toBe('Verhaltenstherapie');
  });
});

describe('§2 GOÄ: a fee agreement lets a factor above the maximum be billed', () => {
  const agreement = { date: '2026-01-05', factorHundredths: 500 };
  const on = (serviceDate: string | null) => ({ agreement, serviceDate });

  it('§2 GOÄ: bills up to the agreed factor, naming the agreement, still with the §12 Abs.3 justification', () => {
    const result = goaeLine(fee('870', 500), item('870', 750), REASON, on('2026-02-01'));
    expect(result).toMatchObject({ ok: true, line: { feeAgreementDate: '2026-01-05', justification: REASON } });
    expect(amountOf(result)).toBe(21858);
    expect(goaeLine(fee('870', 501), item('870', 750), REASON, on('2026-02-01'))).toMatchObject({
      ok: false,
      error: 'rateAboveMaximum',
    });
    expect(goaeLine(fee('870', 500), item('870', 750), null, on('2026-02-01'))).toMatchObject({
      ok: false,
      error: 'justificationMissing',
    });
    const within = goaeLine(fee('870', 300), item('870', 750), REASON, on('2026-02-01'));
    expect(within.ok && within.line.feeAgreementDate).toBeNull();
  });

  it('§2 GOÄ: refuses without an agreement, before it was made, and for section A items (§2 Abs.3)', () => {
    expect(goaeLine(fee('870', 400), item('870', 750), REASON)).toMatchObject({ ok: false, error: 'rateAboveMaximum' });
    expect(goaeLine(fee('870', 400), item('870', 750), REASON, on('2026-01-04'))).toMatchObject({
      ok: false,
      error: 'rateAboveMaximum',
    });
    const sectionA = item('855', 722, '1.80', '2.50');
    expect(goaeLine(fee('855', 300), sectionA, REASON, on('2026-02-01'))).toMatchObject({ ok: false });
    expect(agreedMaximum({ codeValue: '855a', referenceCode: '855' }, agreement)).toBeNull();
    expect(agreedMaximum({ codeValue: 'D', referenceCode: null }, agreement)).toBeNull();
    expect(agreedMaximum({ codeValue: '870', referenceCode: null }, agreement)).toBe(500);
    expect(agreedMaximum({ codeValue: '870', referenceCode: null }, null)).toBeNull();
  });
});
