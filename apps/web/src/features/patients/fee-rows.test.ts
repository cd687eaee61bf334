import { buildJustificationSentence, type FeeCatalogueItem, type FeeDefault } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import {
  type FeeRow,
  feeRowErrors,
  type GoaeFeeRow,
  goaeRowLabel,
  newCoachingRow,
  newGoaeRow,
  placeFeeErrors,
  toFeePayload,
  toFeeRows,
  withRate,
} from './fee-rows';

const item870: FeeCatalogueItem = {
  codeValue: '870',
  title: 'Verhaltenstherapie',
  titleShort: 'VT',
  amount: 43.72,
  points: 750,
  maxFactor: '3.5',
  thresholdFactor: '2.3',
};
const item855: FeeCatalogueItem = {
  ...item870,
  codeValue: '855',
  points: 722,
  maxFactor: '2.5',
  thresholdFactor: '1.8',
};

const stored = (change: Partial<FeeDefault> = {}): FeeDefault => ({
  id: 1,
  userId: 2,
  codeValue: '870',
  alternativeTitle: 'Einzeltherapie',
  incrementalRate: '2.3',
  coachingTitle: null,
  coachingAmount: null,
  coachingAmountTax: null,
  justification: null,
  item: item870,
  ...change,
});

const goae = (row: FeeRow | undefined) => {
  if (row?.kind !== 'goae') throw new Error('not a GOÄ row');
  return row;
};
const complexity = buildJustificationSentence(['complexity']);

describe('the fee rows of the patient form', () => {
  it('labels a GOÄ row as the search does, at the rate typed now', () => {
    const row = goae(newGoaeRow(item870));
    expect(goaeRowLabel(row)).toBe('870, Verhaltenstherapie, 43,72\u00a0€ × 2,3 = 100,55\u00a0€');
    expect(goaeRowLabel(withRate(row, '3,0'))).toBe('870, Verhaltenstherapie, 43,72\u00a0€ × 3 = 131,15\u00a0€');
    expect(goaeRowLabel(goae(toFeeRows([stored({ incrementalRate: '3.5', justification: 'x' })])[0]))).toContain(
      '× 3,5 = 153,00',
    );
  });

  it('starts a coaching row titled "50 min Coaching" (spec constant)', () => {
    expect(newCoachingRow()).toMatchObject({ kind: 'coaching', coachingTitle: '50 min Coaching', coachingAmount: '' });
  });

  it('proposes complexity above the threshold, takes only the proposal back, and never touches a written text', () => {
    const raised = withRate(goae(newGoaeRow(item870)), '3,0');
    expect(raised.justification).toBe(complexity);
    expect(withRate(raised, '2,3').justification).toBe('');
    // Still typing: the proposal stays until the rate reads as one.
    expect(withRate(raised, '3,').justification).toBe(complexity);
    const written: GoaeFeeRow = { ...raised, justification: 'Krisenintervention mit erhöhtem Zeitaufwand.' };
    expect(withRate(written, '3,5').justification).toBe(written.justification);
    expect(withRate(written, '2,0').justification).toBe(written.justification);
    // A technical item needs one from 1,8 on.
    expect(withRate(goae(newGoaeRow(item855)), '2,0').justification).toBe(complexity);
    expect(withRate(goae(newGoaeRow(item855)), '1,8').justification).toBe('');
  });

  it('keeps unchanged stored rows by id, and sends a changed one whole in its place', () => {
    const rows = toFeeRows([
      stored(),
      stored({ id: 3, codeValue: null, coachingTitle: 'Coaching', coachingAmount: 80, coachingAmountTax: 'add' }),
    ]);
    expect(toFeePayload(rows)).toEqual([{ id: 1 }, { id: 3 }]);
    const [first, second] = rows;
    const changed = [withRate(goae(first), '2,5'), second as FeeRow];
    expect(toFeePayload(changed)).toEqual([
      {
        codeValue: '870',
        alternativeTitle: 'Einzeltherapie',
        incrementalRate: '2.5',
        justification: complexity,
      },
      { id: 3 },
    ]);
    // Back to what was stored: kept by id again.
    expect(toFeePayload([withRate(goae(changed[0]), '2,3'), second as FeeRow])[0]).toEqual({ id: 1 });
  });

  it('stops the save at every gap with a message at its field, instead of leaving rows out', () => {
    const title = { ...goae(newGoaeRow(item870)), alternativeTitle: ' ' };
    const unjustified = { ...withRate(goae(newGoaeRow(item870)), '3,0'), justification: '' };
    const tooHigh = withRate(goae(newGoaeRow(item855)), '2,6');
    const coaching = { ...newCoachingRow(), coachingTitle: '', coachingAmount: '0' } as FeeRow;
    const fine = { ...newCoachingRow(), coachingAmount: '90,00' } as FeeRow;
    expect(feeRowErrors([title, unjustified, tooHigh, coaching, fine])).toEqual({
      [title.key]: { alternativeTitle: 'error.required' },
      [unjustified.key]: { justification: 'error.justificationRequired' },
      [tooHigh.key]: { rate: 'error.invalidValue' },
      [coaching.key]: { coachingTitle: 'error.required', coachingAmount: 'error.invalidValue' },
    });
    // A stored row kept as it is is not checked again (older entries may lack a title).
    expect(feeRowErrors(toFeeRows([stored({ alternativeTitle: null })]))).toEqual({});
  });

  it('§2 GOÄ: lets a signed agreement lift the maximum up to its factor, never for section A (§5 Abs.3) items', () => {
    const above = { ...withRate(goae(newGoaeRow(item870)), '4,5'), justification: 'Sehr schwierige Behandlung' };
    const sectionA = { ...withRate(goae(newGoaeRow(item855)), '3,0'), justification: 'Sehr schwierige Behandlung' };
    expect(feeRowErrors([above])).toEqual({ [above.key]: { rate: 'error.invalidValue' } });
    expect(feeRowErrors([above], 450)).toEqual({});
    expect(feeRowErrors([above], 400)).toEqual({ [above.key]: { rate: 'error.invalidValue' } });
    expect(feeRowErrors([sectionA], 450)).toEqual({ [sectionA.key]: { rate: 'error.invalidValue' } });
  });

  it('places the server’s refusal of an entry at the row the payload listed it for', () => {
    const rows = [newCoachingRow(), withRate(goae(newGoaeRow(item870)), '3,0')];
    const placed = placeFeeErrors(
      {
        'feeDefaults.1.justification': 'error.justificationRequired',
        'feeDefaults.0.coachingAmountTax': 'error.invalidValue',
        'feeDefaults.7.codeValue': 'error.invalidValue',
        feeDefaults: 'error.invalidValue',
        email: 'error.invalidEmail',
      },
      rows,
    );
    expect(placed.byRow).toEqual({
      [rows[1]?.key ?? '']: { justification: 'error.justificationRequired' },
      // A field the row does not show: the row as a whole says it.
      [rows[0]?.key ?? '']: { row: 'error.invalidValue' },
    });
    expect(placed.list).toBe('error.invalidValue');
    // A row that is not there and anything else are the caller's.
    expect(placed.rest).toEqual({ 'feeDefaults.7.codeValue': 'error.invalidValue', email: 'error.invalidEmail' });
  });
});
