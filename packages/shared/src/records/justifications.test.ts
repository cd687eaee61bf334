import { describe, expect, it } from 'vitest';
import {
  buildJustificationSentence,
  JUSTIFICATION_KEYS,
  justificationAfterRateChange,
  needsJustification,
  parseJustifications,
  withJustificationSentence,
} from './justifications.js';

const complexity =
  'Aufgrund der überdurchschnittlichen Komplexität der Behandlung wird der angegebene Steigerungssatz veranschlagt.';
const handWritten =
  'Aufgrund der besonderen Schwierigkeit der Behandlung wird der angegebene Steigerungssatz veranschlagt.';

describe('increment justifications', () => {
  it('has nine phrases', () => {
    expect(JUSTIFICATION_KEYS).toHaveLength(9);
  });

  it('builds the spec sentence with one, two and three phrases', () => {
    expect(buildJustificationSentence([])).toBe('');
    expect(buildJustificationSentence(['complexity'])).toBe(complexity);
    expect(buildJustificationSentence(['extraTime', 'complexity'])).toBe(
      'Aufgrund der überdurchschnittlichen Komplexität der Behandlung und des erhöhten Zeitaufwands wird der angegebene Steigerungssatz veranschlagt.',
    );
    expect(buildJustificationSentence(['complexity', 'severity', 'mutism'])).toBe(
      'Aufgrund der überdurchschnittlichen Komplexität der Behandlung, der besonderen Schwere des Krankheitsbildes und eines Mutismus wird der angegebene Steigerungssatz veranschlagt.',
    );
  });

  it('replaces the built sentence inside a text and reads the ticks back', () => {
    const text = withJustificationSentence('Akute Krise.', ['complexity']);
    expect(text).toBe(`Akute Krise.\n${complexity}`);
    expect(parseJustifications(text)).toEqual(['complexity']);
    const changed = withJustificationSentence(text, ['severity', 'languageBarrier']);
    expect(parseJustifications(changed)).toEqual(['severity', 'languageBarrier']);
    expect(changed.startsWith('Akute Krise.\nAufgrund der besonderen Schwere')).toBe(true);
    expect(withJustificationSentence(changed, [])).toBe('Akute Krise.');
    expect(parseJustifications(null)).toEqual([]);
  });

  it('never overwrites a sentence written in the same shape by hand', () => {
    expect(parseJustifications(handWritten)).toEqual([]);
    expect(withJustificationSentence(handWritten, ['extraTime'])).toBe(
      `${handWritten}\n${buildJustificationSentence(['extraTime'])}`,
    );
    expect(withJustificationSentence(handWritten, [])).toBe(handWritten);
  });

  it('needs one above the threshold only', () => {
    expect(needsJustification(230)).toBe(false);
    expect(needsJustification(231)).toBe(true);
    expect(needsJustification(190, 180)).toBe(true);
    expect(needsJustification(180, 180)).toBe(false);
  });

  it('proposes complexity for a raised rate without a justification, and takes only that proposal back', () => {
    expect(justificationAfterRateChange('', true)).toBe(complexity);
    expect(justificationAfterRateChange('  ', true)).toBe(complexity);
    expect(justificationAfterRateChange(complexity, false)).toBe('');
    expect(justificationAfterRateChange('', false)).toBe('');
  });

  it('keeps what the therapist chose or wrote, whatever the rate does', () => {
    const chosen = buildJustificationSentence(['severity']);
    expect(justificationAfterRateChange(chosen, true)).toBe(chosen);
    expect(justificationAfterRateChange(chosen, false)).toBe(chosen);
    expect(justificationAfterRateChange(handWritten, true)).toBe(handWritten);
    expect(justificationAfterRateChange(handWritten, false)).toBe(handWritten);
  });
});
