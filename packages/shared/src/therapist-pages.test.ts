import { describe, expect, it } from 'vitest';
import { germanTherapistPageText as text } from './therapist-page-texts.js';
import {
  documentTitle,
  fullName,
  missingProfileHead,
  pageFromSearch,
  postalCodeFromPath,
  profileIdsFromPath,
  profilePageHead,
  searchPageHead,
} from './therapist-pages.js';

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

describe('names', () => {
  it('puts the title before the name', () => {
    expect(fullName({ title: 'Dr.', firstName: 'Erika', lastName: 'Muster' })).toBe('Dr. Erika Muster');
    expect(fullName({ title: null, firstName: 'Erika', lastName: 'Muster' })).toBe('Erika Muster');
  });
});

describe('searchPageHead', () => {
  const head = (input: Partial<Parameters<typeof searchPageHead>[1]>) =>
    searchPageHead(text, { postalCode: '20095', page: 1, placeName: 'Hamburg', isUnknown: false, ...input });

  it('names the searched code and its place in title and description', () => {
    expect(head({})).toEqual({
      title: 'Psychotherapeut:innen in 20095 Hamburg',
      description:
        'Finden Sie Psychotherapeut:innen in 20095 Hamburg und buchen Sie den nächsten freien Termin online.',
      isIndexable: true,
    });
    expect(head({ placeName: null }).title).toBe('Psychotherapeut:innen in 20095');
  });

  it('is listed on page 1 only, and not for a code the search does not know or that is no code', () => {
    expect(head({ page: 2 }).isIndexable).toBe(false);
    expect(head({ postalCode: '00000', placeName: null, isUnknown: true })).toMatchObject({
      title: 'Psychotherapeut:innen in 00000',
      isIndexable: false,
    });
    expect(head({ postalCode: 'abc', placeName: null })).toMatchObject({
      title: 'Psychotherapeut:innen finden',
      isIndexable: false,
    });
    expect(head({ postalCode: '', placeName: null })).toMatchObject({
      title: 'Psychotherapeut:innen finden',
      isIndexable: true,
    });
  });
});

describe('profile heads', () => {
  it('names the therapist and the practice; an unknown profile is for no list', () => {
    expect(
      profilePageHead(text, { title: 'Dr.', firstName: 'Erika', lastName: 'Muster', practiceName: 'Praxis am Park' }),
    ).toEqual({
      title: 'Dr. Erika Muster',
      description: 'Dr. Erika Muster, Praxis am Park: Profil und Online-Terminbuchung.',
      isIndexable: true,
    });
    expect(missingProfileHead(text)).toMatchObject({ title: 'Benutzer nicht gefunden', isIndexable: false });
  });

  it('puts the product after the title', () => {
    expect(documentTitle('Dr. Erika Muster')).toBe('Dr. Erika Muster – Praxia');
    expect(documentTitle('')).toBe('Praxia');
  });
});
