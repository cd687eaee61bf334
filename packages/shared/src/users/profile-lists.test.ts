import { describe, expect, it } from 'vitest';
import {
  COVERAGE_TYPES,
  matchesProfileEntry,
  SPOKEN_LANGUAGES,
  THERAPEUTIC_FOCUS,
  TREATMENT_METHODS,
} from './profile-lists.js';

describe('profile lists', () => {
  it('have unique keys and German and English labels', () => {
    for (const list of [THERAPEUTIC_FOCUS, TREATMENT_METHODS, COVERAGE_TYPES, SPOKEN_LANGUAGES]) {
      const keys = list.map((item) => item.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(list.every((item) => item.de.length > 0 && item.en.length > 0)).toBe(true);
    }
  });

  it('find entries by synonym, case-insensitively', () => {
    const found = THERAPEUTIC_FOCUS.filter((item) => matchesProfileEntry(item, 'magersucht')).map((item) => item.key);
    expect(found).toEqual(['eatingDisorders']);
    expect(TREATMENT_METHODS.filter((item) => matchesProfileEntry(item, 'KVT')).map((item) => item.key)).toEqual([
      'cbt',
    ]);
    expect(COVERAGE_TYPES.every((item) => matchesProfileEntry(item, ' '))).toBe(true);
  });
});
