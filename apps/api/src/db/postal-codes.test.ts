import { describe, expect, it } from 'vitest';
import { placeOfRows } from './postal-codes.js';

describe('placeOfRows', () => {
  it('names the town of a district listed next to the town itself', () => {
    expect(placeOfRows(['Hamburg Altstadt', 'Hamburg Klostertor', 'Hamburg Sankt Georg', 'Hamburg'])).toBe('Hamburg');
    expect(placeOfRows(['Storkow (Mark) Limsdorf', 'Storkow (Mark)'])).toBe('Storkow (Mark)');
  });

  it('keeps the first row where no town is listed for it', () => {
    expect(placeOfRows(['Berlin'])).toBe('Berlin');
    expect(placeOfRows(['Eisenberg', 'Gösen', 'Hainspitz'])).toBe('Eisenberg');
    expect(placeOfRows(['Hamburg Bahrenfeld', 'Hamburger Werft GmbH'])).toBe('Hamburg Bahrenfeld');
    // Another row that merely begins with the first is no town of it.
    expect(placeOfRows(['Halle', 'Halle Neustadt'])).toBe('Halle');
  });
});
