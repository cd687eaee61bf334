import { describe, expect, it } from 'vitest';
import {
  applyJustificationRule,
  buildJustificationSentence,
  JUSTIFICATION_KEYS,
  parseJustifications,
  withJustificationSentence,
} from './justifications.js';

const complexity =
  'Aufgrund der überdurchschnittlichen Komplexität der Behandlung wird der angegebene Steigerungssatz veranschlagt.';

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

  it('replaces the sentence inside a remark and reads the selection back', () => {
    const remark = withJustificationSentence('Zahlbar in 14 Tagen.', ['complexity']);
    expect(remark).toBe(`Zahlbar in 14 Tagen.\n${complexity}`);
    expect(parseJustifications(remark)).toEqual(['complexity']);
    const changed = withJustificationSentence(remark, ['severity', 'languageBarrier']);
    expect(parseJustifications(changed)).toEqual(['severity', 'languageBarrier']);
    expect(changed.startsWith('Zahlbar in 14 Tagen.\nAufgrund der besonderen Schwere')).toBe(true);
    expect(withJustificationSentence(changed, [])).toBe('Zahlbar in 14 Tagen.');
    expect(parseJustifications(null)).toEqual([]);
  });

  it('auto-selects complexity when a rate exceeds 2,3 and nothing is selected', () => {
    expect(applyJustificationRule([230, 300], { selected: [], invoiceRemark: '' })).toEqual({
      selected: ['complexity'],
      invoiceRemark: complexity,
    });
    // A rate of exactly 2,3 needs no justification.
    expect(applyJustificationRule([230], { selected: [], invoiceRemark: '' })).toEqual({
      selected: [],
      invoiceRemark: '',
    });
  });

  it('leaves a chosen justification alone', () => {
    const state = { selected: ['severity' as const], invoiceRemark: buildJustificationSentence(['severity']) };
    expect(applyJustificationRule([350], state)).toBe(state);
    expect(applyJustificationRule([230], state)).toBe(state);
  });

  it('removes the auto-selected complexity again when no rate exceeds the default', () => {
    expect(
      applyJustificationRule([230], { selected: ['complexity'], invoiceRemark: `Hinweis.\n${complexity}` }),
    ).toEqual({
      selected: [],
      invoiceRemark: 'Hinweis.',
    });
    // Only when its own sentence stands unchanged.
    const edited = { selected: ['complexity' as const], invoiceRemark: 'Eigener Text zur Komplexität.' };
    expect(applyJustificationRule([], edited)).toBe(edited);
  });
});
