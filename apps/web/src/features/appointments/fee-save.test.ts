import { describe, expect, it } from 'vitest';
import { nextFeeSave } from './fee-save';

const item = { thresholdFactor: '2.3' };
const stored = { rate: '2,3', justification: '' };

describe('saving an appointment’s GOÄ entry', () => {
  it('holds a raised rate back until a justification is chosen or written, then saves both', () => {
    expect(nextFeeSave(stored, { rate: '3,0', justification: '  ' }, item)).toBe('justificationMissing');
    expect(nextFeeSave(stored, { rate: '3,0', justification: ' Akute Krise. ' }, item)).toEqual({
      rate: '3,0',
      justification: 'Akute Krise.',
    });
    // Section A items (855) need one from 1,8 on.
    expect(nextFeeSave(stored, { rate: '2,0', justification: '' }, { thresholdFactor: '1.8' })).toBe(
      'justificationMissing',
    );
  });

  it('saves a rate at or below the threshold without one, and nothing that did not change', () => {
    expect(nextFeeSave(stored, { rate: '2,0', justification: '' }, item)).toEqual({ rate: '2,0', justification: null });
    expect(nextFeeSave(stored, { rate: '2,3', justification: '' }, item)).toBeNull();
    const raised = { rate: '3,0', justification: 'Akute Krise.' };
    expect(nextFeeSave(raised, { rate: '3,0', justification: 'Akute Krise. ' }, item)).toBeNull();
    // Emptying the justification of a raised entry is not saved: the entry keeps the one it has.
    expect(nextFeeSave(raised, { rate: '3,0', justification: '' }, item)).toBe('justificationMissing');
  });
});
