import { SPOKEN_LANGUAGES, THERAPEUTIC_FOCUS } from '@praxia/shared/users/profile-lists';
import { describe, expect, it } from 'vitest';
import {
  formatKilometres,
  initialsOf,
  languageName,
  phoneHref,
  sortedLabels,
  websiteHref,
  websiteLabel,
} from './therapist-format';

describe('website links', () => {
  it('prefixes https:// when the website has no scheme, and keeps http(s) links as they are', () => {
    expect(websiteHref('praxis.example.org')).toBe('https://praxis.example.org');
    expect(websiteHref('  www.praxis.example.org/team ')).toBe('https://www.praxis.example.org/team');
    expect(websiteHref('http://praxis.example.org')).toBe('http://praxis.example.org');
    expect(websiteHref('HTTPS://praxis.example.org')).toBe('HTTPS://praxis.example.org');
    // A scheme that is not http(s) becomes a host name under https, never a script link.
    expect(websiteHref('javascript:alert(1)')).toBe('https://javascript:alert(1)');
    expect(websiteLabel('https://praxis.example.org/')).toBe('praxis.example.org');
  });

  it('dials digits and a leading + only', () => {
    expect(phoneHref('+49 (30) 123-45 67')).toBe('tel:+49301234567');
    expect(phoneHref('030 / 123 45')).toBe('tel:03012345');
  });
});

describe('formatKilometres', () => {
  it('shows the decimal the search gives with a comma in German and a point in English, whole kilometres bare', () => {
    expect(formatKilometres(2.4, 'de')).toBe('2,4');
    expect(formatKilometres(12, 'de')).toBe('12');
    expect(formatKilometres(3, 'de')).toBe('3');
    expect(formatKilometres(1234, 'de')).toBe('1.234');
    expect(formatKilometres(2.4, 'en')).toBe('2.4');
  });
});

describe('names', () => {
  it('takes initials from first and last name', () => {
    expect(initialsOf({ firstName: 'erika', lastName: ' Özdemir' })).toBe('EÖ');
  });
});

describe('profile lists', () => {
  it('sorts the focus by its labels in the visitor’s language and leaves unknown keys out', () => {
    expect(sortedLabels(['trauma', 'anxiety', 'retired-key', 'depression'], THERAPEUTIC_FOCUS, 'de')).toEqual([
      'Angststörungen',
      'Depression',
      'Trauma und PTBS',
    ]);
    expect(sortedLabels(['trauma', 'anxiety', 'depression'], THERAPEUTIC_FOCUS, 'en')).toEqual([
      'Anxiety disorders',
      'Depression',
      'Trauma and PTSD',
    ]);
  });

  it('names languages through Intl, and by the list where Intl knows no name', () => {
    expect(languageName('fr', SPOKEN_LANGUAGES, 'de')).toBe('Französisch');
    expect(languageName('fr', SPOKEN_LANGUAGES, 'en')).toBe('French');
    expect(languageName('sgn', SPOKEN_LANGUAGES, 'de')).toBe('Deutsche Gebärdensprache');
    expect(languageName('xx', SPOKEN_LANGUAGES, 'de')).toBe('xx');
  });
});
