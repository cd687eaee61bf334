import { SPOKEN_LANGUAGES, THERAPEUTIC_FOCUS } from '@praxia/shared/users/profile-lists';
import { describe, expect, it } from 'vitest';
import {
  formatKilometres,
  fullName,
  initialsOf,
  languageName,
  pageFromSearch,
  phoneHref,
  postalCodeFromPath,
  profileIdsFromPath,
  sortedLabels,
  websiteHref,
  websiteLabel,
} from './therapist-format';

const naming = {
  title: 'Dr.',
  firstName: 'Erika',
  lastName: 'Muster',
};

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
  it('shows one decimal with a comma in German and a point in English', () => {
    expect(formatKilometres(2.4, 'de')).toBe('2,4');
    expect(formatKilometres(0, 'de')).toBe('0,0');
    expect(formatKilometres(12.35, 'de')).toBe('12,4');
    expect(formatKilometres(1234.5, 'de')).toBe('1.234,5');
    expect(formatKilometres(2.4, 'en')).toBe('2.4');
  });
});

describe('names', () => {
  it('puts the title before the name, and initials from first and last name', () => {
    expect(fullName(naming)).toBe('Dr. Erika Muster');
    expect(fullName({ ...naming, title: null })).toBe('Erika Muster');
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

describe('addresses', () => {
  const searchPrefix = '/suche/psychotherapeuten-in-';
  it('reads the postal code and the page from the search address', () => {
    expect(postalCodeFromPath('/suche/psychotherapeuten-in-10115', searchPrefix)).toBe('10115');
    expect(postalCodeFromPath('/suche/psychotherapeuten-in-', searchPrefix)).toBe('');
    expect(postalCodeFromPath('/suche/psychotherapeuten-in-%E0', searchPrefix)).toBe('');
    expect(postalCodeFromPath('/suche', searchPrefix)).toBe('');
    expect(pageFromSearch('?page=3')).toBe(3);
    for (const bad of ['', '?page=0', '?page=-1', '?page=2.5', '?page=x', '?page=99999']) {
      expect(pageFromSearch(bad), bad).toBe(1);
    }
  });

  it('reads therapist and practice ids from the profile address', () => {
    const prefix = '/psychotherapie/';
    expect(profileIdsFromPath('/psychotherapie/12/3', prefix)).toEqual({ therapistId: 12, customerId: 3 });
    expect(profileIdsFromPath('/psychotherapie/12/3/', prefix)).toEqual({ therapistId: 12, customerId: 3 });
    for (const bad of ['/psychotherapie/12', '/psychotherapie/0/3', '/psychotherapie/x/3', '/psychotherapie/1/2/3']) {
      expect(profileIdsFromPath(bad, prefix), bad).toBeNull();
    }
  });
});
