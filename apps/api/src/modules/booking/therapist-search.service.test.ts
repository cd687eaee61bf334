import { describe, expect, it } from 'vitest';
import { roundedKilometres } from './therapist-search.service.js';

describe('roundedKilometres', () => {
  it('keeps a tenth near by and whole kilometres from 10 km', () => {
    expect(roundedKilometres(0)).toBe(0);
    expect(roundedKilometres(2_449)).toBe(2.4);
    expect(roundedKilometres(9_940)).toBe(9.9);
    expect(roundedKilometres(9_960)).toBe(10);
    expect(roundedKilometres(31_470)).toBe(31);
    expect(roundedKilometres(504_600)).toBe(505);
  });
});
