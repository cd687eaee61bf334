import { describe, expect, it } from 'vitest';
import de from '../../../../packages/shared/src/i18n/de.json';
import en from '../../../../packages/shared/src/i18n/en.json';
import { translateFrom } from './translate';

const english = (key: string, values?: Record<string, string | number>) => translateFrom([en, de], 'en', key, values);
const german = (key: string, values?: Record<string, string | number>) => translateFrom([de], 'de', key, values);

describe('translateFrom (the public pages’ texts, as i18next gives them)', () => {
  it('finds a text by its dotted key and fills in its placeholders', () => {
    expect(german('nav.imprint')).toBe(de.nav.imprint);
    expect(german('therapistPages.noResults', { postalCode: '10115' })).toBe(
      de.therapistPages.noResults.replace('{{postalCode}}', '10115'),
    );
  });

  it('picks the plural form for count, and fills in the count', () => {
    expect(german('therapistPages.resultCount', { count: 1 })).toBe(
      de.therapistPages.resultCount_one.replace('{{count}}', '1'),
    );
    expect(english('therapistPages.resultCount', { count: 7 })).toBe(
      en.therapistPages.resultCount_other.replace('{{count}}', '7'),
    );
    // A text without plural forms takes the count as a placeholder only.
    expect(german('invoicePage.wrongCode', { count: 2 })).toBe(de.invoicePage.wrongCode.replace('{{count}}', '2'));
  });

  it('falls back to the next catalogue, and shows an unknown key as it is', () => {
    expect(translateFrom([{ nav: {} }, de], 'en', 'nav.imprint')).toBe(de.nav.imprint);
    expect(english('nav.nothingHere')).toBe('nav.nothingHere');
    expect(english('nav')).toBe('nav');
  });
});
